import { voteOnPost } from '../../domain/moderation';
import { json, parseJsonBody, signedInHandler } from './http';
import { METRIC } from '../../metrics';
import { count } from '../../observability';
import { moderationStore, postRepository } from '../../wiring';

const deps = { posts: postRepository(), moderation: moderationStore() };

/** PUT /moderation/{id}/vote `{ vote: "publish" | "reject" }` → `{ status }`. */
export const handler = signedInHandler(async (event, caller) => {
  const result = await voteOnPost(deps, caller, event.pathParameters?.id, parseJsonBody(event));
  if (result.status === 'published') count(METRIC.postsPublished);
  return json(200, result);
});
