import { readFeed } from '../../domain/posts';
import { httpHandler, json, PUBLIC_READ } from './http';
import { postRepository } from '../../wiring';

const posts = postRepository();

/** GET /posts?category=&limit=&cursor= — the same page for every reader: shared a few seconds. */
export const handler = httpHandler(async (event) => {
  const query = event.queryStringParameters ?? {};
  const page = await readFeed({ posts }, { category: query.category, limit: query.limit, cursor: query.cursor });
  return json(200, page, PUBLIC_READ);
});
