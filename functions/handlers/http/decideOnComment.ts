import { decideOnComment } from '../../domain/comments';
import { commentStoreFromEnv } from './commentsDeps';
import { callerOf, httpHandler, json, parseJsonBody } from './http';

const comments = commentStoreFromEnv();

/** PUT /comments/{id}/decision `{ decision }` — a moderator restores or removes a hidden comment. */
export const handler = httpHandler(async (event) =>
  json(200, await decideOnComment({ comments }, callerOf(event), event.pathParameters?.id, parseJsonBody(event))),
);
