import { readSavedIds } from '../../domain/saved';
import { callerOf, httpHandler, json } from './http';
import { savedStore } from '../../wiring';

// The saved rows only: no posts table.
const saved = savedStore();

/** GET /me/saved/ids?ids=a,b,… (≤ 100) → `{ ids }`: those the caller saved, one batch read. */
export const handler = httpHandler(async (event) =>
  json(200, await readSavedIds({ saved }, callerOf(event), { ids: event.queryStringParameters?.ids })),
);
