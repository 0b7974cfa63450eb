import { reportComment } from '../../domain/comments';
import { METRIC } from '../../metrics';
import { count } from '../../observability';
import { json, parseJsonBody, signedInHandler } from './http';
import { commentStore } from '../../wiring';

const comments = commentStore({ moderation: true });

/** POST /comments/{id}/report `{ reason }` → 202; the third distinct reporter hides the comment. */
export const handler = signedInHandler(async (event, caller) => {
  await reportComment({ comments }, caller, event.pathParameters?.id, parseJsonBody(event));
  count(METRIC.reports);
  return json(202, {});
});
