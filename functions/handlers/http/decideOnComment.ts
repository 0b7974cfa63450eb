import { decideOnComment } from '../../domain/comments';
import { callerOf, httpHandler, json, parseJsonBody } from './http';
import { commentStore, nameStore } from '../../wiring';

const comments = commentStore({ moderation: true });
const names = nameStore();

/** PUT /comments/{id}/decision `{ decision }` — a moderator restores or removes a hidden comment. */
export const handler = httpHandler(async (event) =>
  json(200, await decideOnComment({ comments, names }, callerOf(event), event.pathParameters?.id, parseJsonBody(event))),
);
