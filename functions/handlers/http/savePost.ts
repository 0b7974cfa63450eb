import { savePost } from '../../domain/saved';
import { noContent, signedInHandler } from './http';
import { postRepository, savedStore, toggleLimiter } from '../../wiring';

const deps = { posts: postRepository(), saved: savedStore(), toggles: toggleLimiter() };

/** PUT /posts/{id}/save — keeps a published post in the caller's «Guardadas» (again: nothing changes). */
export const handler = signedInHandler(async (event, caller) => {
  await savePost(deps, caller, event.pathParameters?.id);
  return noContent();
});
