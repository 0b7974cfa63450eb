import { decideOnPost } from '../../domain/moderation';
import { callerOf, httpHandler, json, parseJsonBody } from './http';
import { METRIC } from '../../metrics';
import { count } from '../../observability';
import { nameStore, postRepository } from '../../wiring';

const posts = postRepository({ log: true });
const names = nameStore();

/** PUT /moderation/{id}/decision `{ decision: "publish" | "reject", reason? }` → `{ status }` (moderators only; logged). */
export const handler = httpHandler(async (event) => {
  const caller = callerOf(event);
  const result = await decideOnPost({ posts, names }, caller, event.pathParameters?.id, parseJsonBody(event));
  if (result.status === 'published') count(METRIC.postsPublished);
  return json(200, result);
});
