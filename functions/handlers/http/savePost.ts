import { savePost } from '../../domain/saved';
import { callerOf, httpHandler, noContent } from './http';
import { postRepository, savedStore } from '../../wiring';

const deps = { posts: postRepository(), saved: savedStore() };

/** PUT /posts/{id}/save — keeps a published post in the caller's «Guardadas» (again: nothing changes). */
export const handler = httpHandler(async (event) => {
  await savePost(deps, callerOf(event), event.pathParameters?.id);
  return noContent();
});
