import { deletePost } from '../../domain/posts';
import { noContent, signedInHandler } from './http';
import { postRepository } from '../../wiring';

const posts = postRepository({ log: true });

/** DELETE /posts/{id} — by its author or a moderator (logged); the post becomes `removed`. */
export const handler = signedInHandler(
  async (event, caller) => {
    await deletePost({ posts }, caller, event.pathParameters?.id);
    return noContent();
  },
  { account: 'current' },
);
