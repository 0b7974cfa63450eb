import { decideOnPost } from '../../domain/moderation';
import { callerOf, httpHandler, json, parseJsonBody } from './http';
import { postRepository } from './postsDeps';

/** PUT /moderation/{id}/decision `{ decision: "publish" | "reject" }` → `{ status }` (moderators only). */
export const handler = httpHandler(async (event) => {
  const caller = callerOf(event);
  return json(200, await decideOnPost({ posts: postRepository }, caller, event.pathParameters?.id, parseJsonBody(event)));
});
