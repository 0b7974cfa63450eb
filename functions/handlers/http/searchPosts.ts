import { searchPosts } from '../../domain/search';
import { httpHandler, json, PUBLIC_READ } from './http';
import { searchStore } from '../../wiring';

const search = searchStore({ posts: true });

/** GET /search?q=&category=&limit=&cursor= — published posts holding every word of `q`, best match first. */
export const handler = httpHandler(async (event) => {
  const query = event.queryStringParameters ?? {};
  return json(
    200,
    await searchPosts({ search }, { q: query.q, category: query.category, limit: query.limit, cursor: query.cursor }),
    PUBLIC_READ,
  );
});
