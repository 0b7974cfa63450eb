/** Small builders for domain values in unit tests. */
import { randomUUID } from 'node:crypto';
import type { Caller } from '../../functions/domain/author';
import type { StoredPost } from '../../functions/domain/ports/posts';

let clock = Date.UTC(2026, 0, 1, 12, 0, 0);

/** A stored post, pending unless told otherwise; each one a second newer than the last. */
export function storedPost(overrides: Partial<StoredPost> = {}): StoredPost {
  clock += 1000;
  const createdAt = new Date(clock).toISOString();
  const status = overrides.status ?? 'pending';
  return {
    id: randomUUID(),
    name: 'Ana',
    category: 'varios',
    post: 'Se me cayó el café en el teclado.',
    createdAt,
    publishedAt: status === 'pending' ? null : createdAt,
    status,
    authorId: `author-${randomUUID().slice(0, 8)}`,
    votes: { agree: 0, deserved: 0 },
    comments: 0,
    moderation: { score: 0, votes: 0 },
    reports: 0,
    ...overrides,
  };
}

export function caller(overrides: Partial<Caller> = {}): Caller {
  return { id: `user-${randomUUID().slice(0, 8)}`, moderator: false, ...overrides };
}
