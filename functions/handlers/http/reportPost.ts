import { reportPost } from '../../domain/moderation';
import { json, parseJsonBody, signedInHandler } from './http';
import { METRIC } from '../../metrics';
import { count } from '../../observability';
import { moderationStore, postRepository } from '../../wiring';

const deps = { posts: postRepository(), moderation: moderationStore() };

/** POST /posts/{id}/report `{ reason }` → 202; the third distinct reporter hides the post. */
export const handler = signedInHandler(async (event, caller) => {
  await reportPost(deps, caller, event.pathParameters?.id, parseJsonBody(event));
  count(METRIC.reports);
  return json(202, {});
});
