import { castVote } from '../../domain/votes';
import { METRIC } from '../../metrics';
import { count } from '../../observability';
import { json, parseJsonBody, signedInHandler } from './http';
import { postRepository, toggleLimiter, voteStore } from '../../wiring';

const deps = { posts: postRepository(), votes: voteStore(), toggles: toggleLimiter() };

/** PUT /posts/{id}/vote `{ vote: "agree" | "deserved" }` → `{ votes, myVote }`. */
export const handler = signedInHandler(async (event, caller) => {
  const result = await castVote(deps, caller, event.pathParameters?.id, parseJsonBody(event));
  count(METRIC.votes);
  return json(200, result);
});
