import { voteOnPost } from '../../domain/moderation';
import { callerOf, httpHandler, json, parseJsonBody } from './http';
import { moderationDeps } from './moderationDeps';

/** PUT /moderation/{id}/vote `{ vote: "publish" | "reject" }` → `{ status }`. */
export const handler = httpHandler(async (event) => {
  const caller = callerOf(event);
  return json(200, await voteOnPost(moderationDeps, caller, event.pathParameters?.id, parseJsonBody(event)));
});
