import { deleteComment } from '../../domain/comments';
import { commentStoreFromEnv } from './commentsDeps';
import { callerOf, httpHandler, noContent } from './http';

const comments = commentStoreFromEnv();

/** DELETE /comments/{id} → 204: its author's or a moderator's. */
export const handler = httpHandler(
  async (event) => {
    await deleteComment({ comments }, callerOf(event), event.pathParameters?.id);
    return noContent();
  },
  { kind: 'kept' },
);
