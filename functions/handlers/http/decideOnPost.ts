import { decideOnPost } from '../../domain/moderation';
import { json, parseJsonBody, signedInHandler } from './http';
import { METRIC } from '../../metrics';
import { count } from '../../observability';
import { postRepository } from '../../wiring';

const posts = postRepository({ log: true });

/**
 * PUT /moderation/{id}/decision `{ decision: "publish" | "reject", reason? }` → `{ status }` (moderators
 * only; logged, signed with the moderator's apodo as read for the request).
 */
export const handler = signedInHandler(
  async (event, caller) => {
    const result = await decideOnPost({ posts }, caller, event.pathParameters?.id, parseJsonBody(event));
    if (result.status === 'published') count(METRIC.postsPublished);
    return json(200, result);
  },
  { account: 'current' },
);
