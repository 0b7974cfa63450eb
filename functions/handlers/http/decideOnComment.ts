import { decideOnComment } from '../../domain/comments';
import { json, parseJsonBody, signedInHandler } from './http';
import { commentStore } from '../../wiring';

const comments = commentStore({ moderation: true });

/** PUT /comments/{id}/decision `{ decision }` — a moderator restores or removes a hidden comment (logged, with their apodo). */
export const handler = signedInHandler(
  async (event, caller) => json(200, await decideOnComment({ comments }, caller, event.pathParameters?.id, parseJsonBody(event))),
  { account: 'current' },
);
