import { deleteComment } from '../../domain/comments';
import { callerOf, httpHandler, noContent } from './http';
import { commentStore } from '../../wiring';

const comments = commentStore();

/** DELETE /comments/{id} → 204: its author's or a moderator's. */
export const handler = httpHandler(
  async (event) => {
    await deleteComment({ comments }, callerOf(event), event.pathParameters?.id);
    return noContent();
  },
  { kind: 'kept' },
);
