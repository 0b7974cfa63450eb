import { removeVote } from '../../domain/votes';
import { METRIC } from '../../metrics';
import { count } from '../../observability';
import { json, signedInHandler } from './http';
import { postRepository, toggleLimiter, voteStore } from '../../wiring';

const deps = { posts: postRepository(), votes: voteStore(), toggles: toggleLimiter() };

/** DELETE /posts/{id}/vote → `{ votes, myVote: null }`. */
export const handler = signedInHandler(async (event, caller) => {
  const result = await removeVote(deps, caller, event.pathParameters?.id);
  count(METRIC.votes);
  return json(200, result);
});
