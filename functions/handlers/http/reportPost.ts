import { reportPost } from '../../domain/moderation';
import { callerOf, httpHandler, json, parseJsonBody } from './http';
import { moderationDeps } from './moderationDeps';
import { METRIC } from '../../metrics';
import { count } from '../../observability';

/** POST /posts/{id}/report `{ reason }` → 202; the third distinct reporter hides the post. */
export const handler = httpHandler(async (event) => {
  const caller = callerOf(event);
  await reportPost(moderationDeps, caller, event.pathParameters?.id, parseJsonBody(event));
  count(METRIC.reports);
  return json(202, {});
});
