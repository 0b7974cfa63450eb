import { deletePost } from '../../domain/posts';
import { callerOf, httpHandler, noContent } from './http';
import { postRepository } from './postsDeps';

/** DELETE /posts/{id} — by its author or a moderator; the post becomes `removed`. */
export const handler = httpHandler(
  async (event) => {
    await deletePost({ posts: postRepository }, callerOf(event), event.pathParameters?.id);
    return noContent();
  },
  { kind: 'kept' },
);
