import { readModerationLog } from '../../domain/moderationLog';
import { json, signedInHandler } from './http';
import { suspensionStore } from '../../wiring';

const deps = { suspensions: suspensionStore() };

/** GET /moderation/log?limit=&cursor= — every moderator action, newest first (moderators only). */
export const handler = signedInHandler(async (event, caller) => {
  const query = event.queryStringParameters ?? {};
  return json(200, await readModerationLog(deps, caller, { limit: query.limit, cursor: query.cursor }));
});
