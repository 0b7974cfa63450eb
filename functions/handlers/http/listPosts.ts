import { readFeed } from '../../domain/posts';
import { httpHandler, json } from './http';
import { postRepository } from './postsDeps';

/** GET /posts?category=&limit=&cursor= */
export const handler = httpHandler(async (event) => {
  const query = event.queryStringParameters ?? {};
  const page = await readFeed({ posts: postRepository }, { category: query.category, limit: query.limit, cursor: query.cursor });
  return json(200, page);
});
