import { readComments } from '../../domain/comments';
import { httpHandler, json, PUBLIC_READ } from './http';
import { commentStore, postRepository } from '../../wiring';

const deps = { posts: postRepository(), comments: commentStore() };

/** GET /posts/{id}/comments?sort=&limit=&cursor= — a published post's top-level comments with their first replies; shared a few seconds. */
export const handler = httpHandler(async (event) => {
  const query = event.queryStringParameters ?? {};
  const page = await readComments(deps, event.pathParameters?.id, {
    limit: query.limit,
    cursor: query.cursor,
    sort: query.sort,
  });
  return json(200, page, PUBLIC_READ);
});
