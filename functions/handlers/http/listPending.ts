import { listPending } from '../../domain/moderation';
import { callerOf, httpHandler, json } from './http';
import { postRepository } from '../../wiring';

const deps = { posts: postRepository() };

/** GET /moderation/pending?limit=&cursor= — every pending post, oldest first (moderators only). */
export const handler = httpHandler(async (event) => {
  const query = event.queryStringParameters ?? {};
  return json(200, await listPending(deps, callerOf(event), { limit: query.limit, cursor: query.cursor }));
});
