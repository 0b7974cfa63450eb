import { deletePost } from '../../domain/posts';
import { callerOf, httpHandler, noContent } from './http';
import { nameStore, postRepository } from '../../wiring';

const posts = postRepository({ log: true });
const names = nameStore();

/** DELETE /posts/{id} — by its author or a moderator (logged); the post becomes `removed`. */
export const handler = httpHandler(async (event) => {
  await deletePost({ posts, names }, callerOf(event), event.pathParameters?.id);
  return noContent();
});
