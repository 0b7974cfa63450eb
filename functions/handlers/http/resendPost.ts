import { resendPost } from '../../domain/posts';
import { callerOf, httpHandler, json, parseJsonBody } from './http';
import { postRepository } from '../../wiring';

const deps = { posts: postRepository({ fingerprints: true }) };

/** PUT /posts/{id} `{ category, post }` — the author edits a rejected post and sends it back to the queue, once. */
export const handler = httpHandler(async (event) => {
  const post = await resendPost(deps, callerOf(event), event.pathParameters?.id, parseJsonBody(event));
  return json(200, post);
});
