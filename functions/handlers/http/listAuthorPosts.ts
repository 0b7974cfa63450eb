import { readAuthorPosts } from '../../domain/authors';
import { httpHandler, json, PUBLIC_READ } from './http';
import { authorStore } from '../../wiring';

const authors = authorStore();

/** GET /authors/{name}/posts?limit=&cursor= — an author's published posts, newest first. */
export const handler = httpHandler(async (event) => {
  const query = event.queryStringParameters ?? {};
  return json(
    200,
    await readAuthorPosts({ authors }, event.pathParameters?.name, { limit: query.limit, cursor: query.cursor }),
    PUBLIC_READ,
  );
});
