import { readModerationLog } from '../../domain/moderationLog';
import { callerOf, httpHandler, json } from './http';
import { suspensionStore } from '../../wiring';

const deps = { suspensions: suspensionStore() };

/** GET /moderation/log?limit=&cursor= — every moderator action, newest first (moderators only). */
export const handler = httpHandler(async (event) => {
  const query = event.queryStringParameters ?? {};
  return json(200, await readModerationLog(deps, callerOf(event), { limit: query.limit, cursor: query.cursor }));
});
