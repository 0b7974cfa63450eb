import { deleteComment } from '../../domain/comments';
import { callerOf, httpHandler, noContent } from './http';
import { commentStore, nameStore } from '../../wiring';

const comments = commentStore({ moderation: true });
const names = nameStore();

/** DELETE /comments/{id} → 204: its author's or a moderator's. */
export const handler = httpHandler(async (event) => {
  await deleteComment({ comments, names }, callerOf(event), event.pathParameters?.id);
  return noContent();
});
