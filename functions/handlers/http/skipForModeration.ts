import { skipPost } from '../../domain/moderation';
import { noContent, signedInHandler } from './http';
import { moderationStore, postRepository } from '../../wiring';

const deps = { posts: postRepository(), moderation: moderationStore() };

/** PUT /moderation/{id}/skip — «Saltar»: GET /moderation/next leaves this post out for the caller for a day. */
export const handler = signedInHandler(async (event, caller) => {
  await skipPost(deps, caller, event.pathParameters?.id);
  return noContent();
});
