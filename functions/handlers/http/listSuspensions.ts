import { listSuspensions } from '../../domain/suspensions';
import { callerOf, httpHandler, json } from './http';
import { suspensionStore } from '../../wiring';

const deps = { suspensions: suspensionStore() };

/** GET /moderation/suspensions?limit=&cursor= — the suspensions in force, newest first (moderators only). */
export const handler = httpHandler(async (event) => {
  const query = event.queryStringParameters ?? {};
  return json(200, await listSuspensions(deps, callerOf(event), { limit: query.limit, cursor: query.cursor }));
});
