import { readComments } from '../../domain/comments';
import { commentStoreFromEnv } from './commentsDeps';
import { httpHandler, json, PUBLIC_READ } from './http';
import { postRepository } from './postsDeps';

const comments = commentStoreFromEnv();

/** GET /posts/{id}/comments?limit=&cursor= — a published post's comments, oldest first; shared a few seconds. */
export const handler = httpHandler(async (event) => {
  const query = event.queryStringParameters ?? {};
  const page = await readComments({ posts: postRepository, comments }, event.pathParameters?.id, {
    limit: query.limit,
    cursor: query.cursor,
  });
  return json(200, page, PUBLIC_READ);
});
