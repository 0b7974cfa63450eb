import { unsavePost } from '../../domain/saved';
import { callerOf, httpHandler, noContent } from './http';
import { postRepository, savedStore } from '../../wiring';

const deps = { posts: postRepository(), saved: savedStore() };

/** DELETE /posts/{id}/save — takes a post out of the caller's «Guardadas». */
export const handler = httpHandler(async (event) => {
  await unsavePost(deps, callerOf(event), event.pathParameters?.id);
  return noContent();
});
