import { deletePost } from '../../domain/posts';
import { callerOf, httpHandler, noContent } from './http';
import { postRepository } from '../../wiring';

const posts = postRepository();

/** DELETE /posts/{id} — by its author or a moderator; the post becomes `removed`. */
export const handler = httpHandler(
  async (event) => {
    await deletePost({ posts }, callerOf(event), event.pathParameters?.id);
    return noContent();
  },
  { kind: 'kept' },
);
