import { readSaved } from '../../domain/saved';
import { callerOf, httpHandler, json } from './http';
import { savedStore } from '../../wiring';

const saved = savedStore({ posts: true });

/** GET /me/saved?limit=&cursor= — the caller's «Guardadas», newest saved first, only posts still public. */
export const handler = httpHandler(async (event) => {
  const query = event.queryStringParameters ?? {};
  return json(200, await readSaved({ saved }, callerOf(event), { limit: query.limit, cursor: query.cursor }));
});
