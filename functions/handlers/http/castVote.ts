import { castVote } from '../../domain/votes';
import { METRIC } from '../../metrics';
import { count } from '../../observability';
import { callerOf, httpHandler, json, parseJsonBody } from './http';
import { postRepository, voteStore } from '../../wiring';

const deps = { posts: postRepository(), votes: voteStore() };

/** PUT /posts/{id}/vote `{ vote: "agree" | "deserved" }` → `{ votes, myVote }`. */
export const handler = httpHandler(async (event) => {
  const caller = callerOf(event);
  const result = await castVote(deps, caller, event.pathParameters?.id, parseJsonBody(event));
  count(METRIC.votes);
  return json(200, result);
});
