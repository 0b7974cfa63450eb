import type { Post } from '@contract';

let counter = 0;

/** A post `minutesAgo` minutes before a fixed instant; ids are unique per call unless given. */
export function aPost(overrides: Partial<Post> & { minutesAgo?: number } = {}): Post {
  counter += 1;
  const { minutesAgo = counter, ...rest } = overrides;
  return {
    id: `p${String(counter).padStart(4, '0')}`,
    name: 'lucia',
    category: 'varios',
    post: `Anécdota número ${counter}`,
    createdAt: new Date(Date.UTC(2025, 4, 3, 12, 0, 0) - minutesAgo * 60_000).toISOString(),
    ...rest,
  };
}
