import { voteOnPost } from '../../domain/moderation';
import { callerOf, httpHandler, json, parseJsonBody } from './http';
import { moderationDeps } from './moderationDeps';
import { METRIC } from '../../metrics';
import { count } from '../../observability';

/** PUT /moderation/{id}/vote `{ vote: "publish" | "reject" }` → `{ status }`. */
export const handler = httpHandler(async (event) => {
  const caller = callerOf(event);
  const result = await voteOnPost(moderationDeps, caller, event.pathParameters?.id, parseJsonBody(event));
  if (result.status === 'published') count(METRIC.postsPublished);
  return json(200, result);
});
