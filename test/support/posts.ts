/** Posts as the posts table stores them, for tests and benchmarks that write them straight to it. */
import { randomUUID } from 'node:crypto';
import type { StoredPost } from '../../functions/domain/ports/posts';

/**
 * A published post by someone else, sent and published at `createdAt` (@default now), with no votes,
 * comments or reports: override what a test is about.
 */
export function publishedPost(overrides: Partial<StoredPost> = {}): StoredPost {
  const at = overrides.createdAt ?? new Date().toISOString();
  return {
    id: randomUUID(),
    name: 'Alguien',
    category: 'varios',
    post: `Anécdota ${Math.random().toString(36).slice(2)}`,
    createdAt: at,
    publishedAt: at,
    status: 'published',
    authorId: 'someone-else',
    votes: { agree: 0, deserved: 0 },
    comments: 0,
    moderation: { score: 0, votes: 0 },
    reports: 0,
    ...overrides,
  };
}
