import { castCommentVote } from '../../domain/commentVotes';
import { json, parseJsonBody, signedInHandler } from './http';
import { commentStore, commentVoteStore, toggleLimiter } from '../../wiring';

const deps = { comments: commentStore(), votes: commentVoteStore({ counts: true }), toggles: toggleLimiter() };

/** PUT /comments/{id}/vote `{ vote: "up" | "down" }` → `{ votes, myVote }`. */
export const handler = signedInHandler(async (event, caller) => {
  return json(200, await castCommentVote(deps, caller, event.pathParameters?.id, parseJsonBody(event)));
});
