import { readPost } from '../../domain/posts';
import { httpHandler, json, PUBLIC_READ } from './http';
import { postRepository } from '../../wiring';

const posts = postRepository();

/** GET /posts/{id} — the same post for every reader: shared a few seconds (a 404 is never kept). */
export const handler = httpHandler(async (event) => json(200, await readPost({ posts }, event.pathParameters?.id), PUBLIC_READ));
