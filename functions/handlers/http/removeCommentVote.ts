import { removeCommentVote } from '../../domain/commentVotes';
import { json, signedInHandler } from './http';
import { commentStore, commentVoteStore, toggleLimiter } from '../../wiring';

const deps = { comments: commentStore(), votes: commentVoteStore({ counts: true }), toggles: toggleLimiter() };

/** DELETE /comments/{id}/vote → `{ votes, myVote: null }`. */
export const handler = signedInHandler(async (event, caller) => {
  return json(200, await removeCommentVote(deps, caller, event.pathParameters?.id));
});
