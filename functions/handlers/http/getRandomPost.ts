import { readRandomPost } from '../../domain/posts';
import { httpHandler, json } from './http';
import { postRepository } from '../../wiring';

const posts = postRepository();

/** GET /posts/random */
export const handler = httpHandler(async () => json(200, await readRandomPost({ posts })));
