import { listSuspensions } from '../../domain/suspensions';
import { json, signedInHandler } from './http';
import { suspensionStore } from '../../wiring';

const deps = { suspensions: suspensionStore() };

/** GET /moderation/suspensions?limit=&cursor= — the suspensions in force, newest first (moderators only). */
export const handler = signedInHandler(async (event, caller) => {
  const query = event.queryStringParameters ?? {};
  return json(200, await listSuspensions(deps, caller, { limit: query.limit, cursor: query.cursor }));
});
