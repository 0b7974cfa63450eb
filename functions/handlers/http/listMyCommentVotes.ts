import { readMyCommentVotes } from '../../domain/commentVotes';
import { json, signedInHandler } from './http';
import { commentVoteStore } from '../../wiring';

// Reads only the caller's vote rows: no comments table.
const votes = commentVoteStore();

/** GET /me/comment-votes?ids=a,b,… (≤ 100) → `{ votes: { [id]: "up" | "down" } }`: one batch read. */
export const handler = signedInHandler(async (event, caller) => {
  return json(200, await readMyCommentVotes({ votes }, caller, { ids: event.queryStringParameters?.ids }));
});
