import { reportPost } from '../../domain/moderation';
import { callerOf, httpHandler, json, parseJsonBody } from './http';
import { moderationDeps } from './moderationDeps';

/** POST /posts/{id}/report `{ reason }` → 202; the third distinct reporter hides the post. */
export const handler = httpHandler(async (event) => {
  const caller = callerOf(event);
  await reportPost(moderationDeps, caller, event.pathParameters?.id, parseJsonBody(event));
  return json(202, {});
});
