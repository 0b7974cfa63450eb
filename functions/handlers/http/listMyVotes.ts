import { readMyVotes } from '../../domain/votes';
import { json, signedInHandler } from './http';
import { callerVotes } from '../../wiring';

// Reads only the caller's vote rows: no posts table.
const votes = callerVotes();

/** GET /me/votes?ids=a,b,… (≤ 100) → `{ votes: { [id]: "agree" | "deserved" } }`: one batch read. */
export const handler = signedInHandler(async (event, caller) => {
  return json(200, await readMyVotes({ votes }, caller, { ids: event.queryStringParameters?.ids }));
});
