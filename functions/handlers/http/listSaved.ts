import { readSaved } from '../../domain/saved';
import { json, signedInHandler } from './http';
import { savedStore } from '../../wiring';

const saved = savedStore({ posts: true });

/** GET /me/saved?limit=&cursor= — the caller's «Guardadas», newest saved first, only posts still public. */
export const handler = signedInHandler(async (event, caller) => {
  const query = event.queryStringParameters ?? {};
  return json(200, await readSaved({ saved }, caller, { limit: query.limit, cursor: query.cursor }));
});
