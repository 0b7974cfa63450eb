import { readAuthorPosts } from '../../domain/authors';
import { authorApiPath } from '../../contract/authors';
import { httpHandler, json, movedPermanently, PUBLIC_READ } from './http';
import { authorStore } from '../../wiring';

const authors = authorStore();

/**
 * GET /authors/{name}/posts?limit=&cursor= — an author's published posts, newest first; a renamed
 * account's former apodo is a 301 to the same page at the one it holds now.
 */
export const handler = httpHandler(async (event) => {
  const query = event.queryStringParameters ?? {};
  const page = await readAuthorPosts({ authors }, event.pathParameters?.name, { limit: query.limit, cursor: query.cursor });
  if ('movedTo' in page)
    return movedPermanently(`${authorApiPath(page.movedTo)}/posts${event.rawQueryString ? `?${event.rawQueryString}` : ''}`);
  return json(200, page, PUBLIC_READ);
});
