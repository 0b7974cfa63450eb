import { resendPost } from '../../domain/posts';
import { json, parseJsonBody, signedInHandler } from './http';
import { postRepository } from '../../wiring';

const deps = { posts: postRepository({ fingerprints: true }) };

/** PUT /posts/{id} `{ category, post }` — the author edits a rejected post and sends it back to the queue, once. */
export const handler = signedInHandler(async (event, caller) => {
  const post = await resendPost(deps, caller, event.pathParameters?.id, parseJsonBody(event));
  return json(200, post);
});
