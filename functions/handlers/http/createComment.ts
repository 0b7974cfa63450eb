import { writeComment } from '../../domain/comments';
import { METRIC } from '../../metrics';
import { count } from '../../observability';
import { json, parseJsonBody, signedInHandler } from './http';
import { commentRateLimiter, commentStore, postRepository } from '../../wiring';

const deps = { posts: postRepository(), comments: commentStore({ rateLimits: true }), rateLimiter: commentRateLimiter() };

/**
 * POST /posts/{id}/comments `{ text }` → 201 Comment; the author's id from the verified claims, their
 * name from their account row (read for the request, never a claim); with an Idempotency-Key, the
 * comment's id comes from it (see http.ts).
 */
export const handler = signedInHandler(
  async (event, caller, { writeId }) => {
    const comment = await writeComment(deps, caller, event.pathParameters?.id, parseJsonBody(event), { id: writeId });
    count(METRIC.comments);
    return json(201, comment);
  },
  { account: 'current' },
);
