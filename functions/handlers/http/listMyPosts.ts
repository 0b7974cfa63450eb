import { readOwnPosts } from '../../domain/posts';
import { json, signedInHandler } from './http';
import { postRepository } from '../../wiring';

const posts = postRepository();

/** GET /me/posts?limit=&cursor= — «Mis anécdotas»: the caller's posts, every status, newest first. */
export const handler = signedInHandler(async (event, caller) => {
  const query = event.queryStringParameters ?? {};
  return json(200, await readOwnPosts({ posts }, caller, { limit: query.limit, cursor: query.cursor }));
});
