import { skipPost } from '../../domain/moderation';
import { callerOf, httpHandler, noContent } from './http';
import { moderationStore, postRepository } from '../../wiring';

const deps = { posts: postRepository(), moderation: moderationStore() };

/** PUT /moderation/{id}/skip — «Saltar»: GET /moderation/next leaves this post out for the caller for a day. */
export const handler = httpHandler(async (event) => {
  await skipPost(deps, callerOf(event), event.pathParameters?.id);
  return noContent();
});
