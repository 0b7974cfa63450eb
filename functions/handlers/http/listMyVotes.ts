import { documentClient } from '../../clients';
import { requireEnv } from '../../config';
import { readMyVotes } from '../../domain/votes';
import { DynamoVoteStore } from '../../store/dynamodb/voteStore';
import { ENV } from '../../store/tables';
import { callerOf, httpHandler, json } from './http';

const env = requireEnv(ENV.votesTable);
// Reads only the caller's vote rows: no posts table.
const votes = new DynamoVoteStore(documentClient, { votes: env[ENV.votesTable] });

/** GET /me/votes?ids=a,b,… (≤ 100) → `{ votes: { [id]: "agree" | "deserved" } }`: one batch read. */
export const handler = httpHandler(async (event) => {
  const caller = callerOf(event);
  return json(200, await readMyVotes({ votes }, caller, { ids: event.queryStringParameters?.ids }));
});
