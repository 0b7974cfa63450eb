import { unsavePost } from '../../domain/saved';
import { noContent, signedInHandler } from './http';
import { postRepository, savedStore, toggleLimiter } from '../../wiring';

const deps = { posts: postRepository(), saved: savedStore(), toggles: toggleLimiter() };

/** DELETE /posts/{id}/save — takes a post out of the caller's «Guardadas». */
export const handler = signedInHandler(async (event, caller) => {
  await unsavePost(deps, caller, event.pathParameters?.id);
  return noContent();
});
