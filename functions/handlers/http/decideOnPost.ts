import { decideOnPost } from '../../domain/moderation';
import { callerOf, httpHandler, json, parseJsonBody } from './http';
import { METRIC } from '../../metrics';
import { count } from '../../observability';
import { postRepository } from '../../wiring';

const posts = postRepository();

/** PUT /moderation/{id}/decision `{ decision: "publish" | "reject" }` → `{ status }` (moderators only). */
export const handler = httpHandler(async (event) => {
  const caller = callerOf(event);
  const result = await decideOnPost({ posts }, caller, event.pathParameters?.id, parseJsonBody(event));
  if (result.status === 'published') count(METRIC.postsPublished);
  return json(200, result);
});
