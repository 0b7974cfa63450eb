import { readPost } from '../../domain/posts';
import { httpHandler, json } from './http';
import { postRepository } from './postsDeps';

/** GET /posts/{id} */
export const handler = httpHandler(async (event) => json(200, await readPost({ posts: postRepository }, event.pathParameters?.id)));
