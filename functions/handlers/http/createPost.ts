import { authorFromClaims } from '../../domain/author';
import { publishPost } from '../../domain/posts';
import { httpHandler, idempotentIdOf, json, jwtClaims, parseJsonBody } from './http';
import { nameStore, postRepository, publishRateLimiter } from '../../wiring';

const deps = { posts: postRepository({ fingerprints: true }), names: nameStore(), rateLimiter: publishRateLimiter() };

/**
 * POST /posts — behind the JWT authorizer; the author's id comes from the verified claims, their name
 * from the names store (never a claim). The post
 * waits in moderation: PostsPublished is counted when a vote or a moderator publishes it. With an
 * Idempotency-Key, the post's id comes from it (see http.ts), so a run after a lost first one finds it.
 */
export const handler = httpHandler(async (event) => {
  const author = authorFromClaims(jwtClaims(event));
  const post = await publishPost(deps, author, parseJsonBody(event), { id: idempotentIdOf(event) });
  return json(201, post);
});
