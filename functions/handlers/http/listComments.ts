import { readComments } from '../../domain/comments';
import { httpHandler, json, PUBLIC_READ } from './http';
import { commentStore, postRepository } from '../../wiring';

const deps = { posts: postRepository(), comments: commentStore() };

/** GET /posts/{id}/comments?limit=&cursor= — a published post's comments, oldest first; shared a few seconds. */
export const handler = httpHandler(async (event) => {
  const query = event.queryStringParameters ?? {};
  const page = await readComments(deps, event.pathParameters?.id, {
    limit: query.limit,
    cursor: query.cursor,
  });
  return json(200, page, PUBLIC_READ);
});
