import { decideOnPost } from '../../domain/moderation';
import { callerOf, httpHandler, json, parseJsonBody } from './http';
import { postRepository } from './postsDeps';
import { METRIC } from '../../metrics';
import { count } from '../../observability';

/** PUT /moderation/{id}/decision `{ decision: "publish" | "reject" }` → `{ status }` (moderators only). */
export const handler = httpHandler(async (event) => {
  const caller = callerOf(event);
  const result = await decideOnPost({ posts: postRepository }, caller, event.pathParameters?.id, parseJsonBody(event));
  if (result.status === 'published') count(METRIC.postsPublished);
  return json(200, result);
});
