import { writeComment } from '../../domain/comments';
import { METRIC } from '../../metrics';
import { count } from '../../observability';
import { callerOf, httpHandler, idempotentIdOf, json, parseJsonBody } from './http';
import { commentRateLimiter, commentStore, nameStore, postRepository } from '../../wiring';

const deps = { posts: postRepository(), names: nameStore(), comments: commentStore(), rateLimiter: commentRateLimiter() };

/**
 * POST /posts/{id}/comments `{ text }` → 201 Comment; the author's id from the verified claims, their
 * name from the names store; with an Idempotency-Key, the comment's id comes from it (see http.ts).
 */
export const handler = httpHandler(async (event) => {
  const comment = await writeComment(deps, callerOf(event), event.pathParameters?.id, parseJsonBody(event), {
    id: idempotentIdOf(event),
  });
  count(METRIC.comments);
  return json(201, comment);
});
