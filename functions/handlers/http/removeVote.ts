import { removeVote } from '../../domain/votes';
import { METRIC } from '../../metrics';
import { count } from '../../observability';
import { callerOf, httpHandler, json } from './http';
import { postRepository, voteStore } from '../../wiring';

const deps = { posts: postRepository(), votes: voteStore() };

/** DELETE /posts/{id}/vote → `{ votes, myVote: null }`. */
export const handler = httpHandler(async (event) => {
  const caller = callerOf(event);
  const result = await removeVote(deps, caller, event.pathParameters?.id);
  count(METRIC.votes);
  return json(200, result);
});
