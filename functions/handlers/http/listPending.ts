import { listPending } from '../../domain/moderation';
import { json, signedInHandler } from './http';
import { postRepository } from '../../wiring';

const deps = { posts: postRepository() };

/** GET /moderation/pending?limit=&cursor= — every pending post, oldest first (moderators only). */
export const handler = signedInHandler(async (event, caller) => {
  const query = event.queryStringParameters ?? {};
  return json(200, await listPending(deps, caller, { limit: query.limit, cursor: query.cursor }));
});
