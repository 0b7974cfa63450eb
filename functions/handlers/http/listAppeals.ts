import { listOpenAppeals } from '../../domain/appeals';
import { json, signedInHandler } from './http';
import { appealStore } from '../../wiring';

const deps = { appeals: appealStore() };

/** GET /moderation/appeals?limit=&cursor= — the open appeals, oldest first (moderators only). */
export const handler = signedInHandler(async (event, caller) => {
  const query = event.queryStringParameters ?? {};
  return json(200, await listOpenAppeals(deps, caller, { limit: query.limit, cursor: query.cursor }));
});
