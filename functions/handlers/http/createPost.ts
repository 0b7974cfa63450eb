import { publishPost } from '../../domain/posts';
import { json, parseJsonBody, signedInHandler } from './http';
import { postRepository, publishRateLimiter } from '../../wiring';

const deps = { posts: postRepository({ fingerprints: true, rateLimits: true }), rateLimiter: publishRateLimiter() };

/**
 * POST /posts — behind the JWT authorizer; the author's id comes from the verified claims, their name
 * from their account row (read for the request, never a claim). The post waits in moderation:
 * PostsPublished is counted when a vote or a moderator publishes it. With an Idempotency-Key, the
 * post’s id comes from it (see http.ts), so a run after a lost first one finds it.
 */
export const handler = signedInHandler(
  async (event, caller, { writeId }) => {
    const post = await publishPost(deps, caller, parseJsonBody(event), { id: writeId });
    return json(201, post);
  },
  { account: 'current' },
);
