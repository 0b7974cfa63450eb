import { readSavedIds } from '../../domain/saved';
import { json, signedInHandler } from './http';
import { savedStore } from '../../wiring';

// The saved rows only: no posts table.
const saved = savedStore();

/** GET /me/saved/ids?ids=a,b,… (≤ 100) → `{ ids }`: those the caller saved, one batch read. */
export const handler = signedInHandler(async (event, caller) =>
  json(200, await readSavedIds({ saved }, caller, { ids: event.queryStringParameters?.ids })),
);
