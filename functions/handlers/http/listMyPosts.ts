import { readOwnPosts } from '../../domain/posts';
import { callerOf, httpHandler, json } from './http';
import { postRepository } from '../../wiring';

const posts = postRepository();

/** GET /me/posts?limit=&cursor= — «Mis anécdotas»: the caller's posts, every status, newest first. */
export const handler = httpHandler(async (event) => {
  const query = event.queryStringParameters ?? {};
  return json(200, await readOwnPosts({ posts }, callerOf(event), { limit: query.limit, cursor: query.cursor }));
});
