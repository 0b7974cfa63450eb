import { deleteComment } from '../../domain/comments';
import { noContent, signedInHandler } from './http';
import { commentStore } from '../../wiring';

const comments = commentStore({ moderation: true });

/** DELETE /comments/{id} → 204: its author's or a moderator's (whose removal is logged, signed with their apodo). */
export const handler = signedInHandler(
  async (event, caller) => {
    await deleteComment({ comments }, caller, event.pathParameters?.id);
    return noContent();
  },
  { account: 'current' },
);
