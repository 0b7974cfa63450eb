/**
 * New comments, live, for the readers of their post's page only: a page opens its WebSocket with
 * `?post=<id>`, the connection is stored with that post, and each new visible comment goes to the
 * connections stored with its post (one index Query), not to every connection of the site.
 */
import type { LiveMessage } from '../contract/live';
import { sendToConnections, type BroadcastReport, type DeliveryDeps } from './broadcast';
import { publicComment } from './comments';
import type { StoredComment } from './ports/comments';
import type { PostWatchers } from './ports/connections';

export type CommentBroadcastDeps = DeliveryDeps & { connections: PostWatchers };

/** `comment.created` for a comment that is new and visible; nothing for any other change. */
export function commentMessageFor(change: { before?: StoredComment; after?: StoredComment }): LiveMessage | undefined {
  if (change.before !== undefined || change.after?.status !== 'visible') return undefined;
  return { type: 'comment.created', comment: publicComment(change.after) };
}

/**
 * Sends each comment's message to the connections reading its post. A gone connection is deleted; a
 * failing one is reported; neither stops the rest. A repeated record repeats its message, which
 * clients apply once (by comment id).
 */
export async function deliverCommentMessages(deps: CommentBroadcastDeps, messages: LiveMessage[]): Promise<BroadcastReport> {
  const report: BroadcastReport = { sent: 0, gone: 0, failed: 0 };
  for (const message of messages) {
    if (message.type !== 'comment.created') continue;
    const sent = await sendToConnections(deps, deps.connections.watching(message.comment.postId), [JSON.stringify(message)]);
    report.sent += sent.sent;
    report.gone += sent.gone;
    report.failed += sent.failed;
  }
  return report;
}
