import { readReplies } from '../../domain/comments';
import { httpHandler, json, PUBLIC_READ } from './http';
import { commentStore } from '../../wiring';

const deps = { comments: commentStore() };

/** GET /comments/{id}/replies?limit=&cursor= — a top-level comment's replies, oldest first; shared a few seconds. */
export const handler = httpHandler(async (event) => {
  const query = event.queryStringParameters ?? {};
  return json(200, await readReplies(deps, event.pathParameters?.id, { limit: query.limit, cursor: query.cursor }), PUBLIC_READ);
});
