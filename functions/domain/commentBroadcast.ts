/**
 * Comments, live, for the readers of their post's page only: a page opens its WebSocket with
 * `?post=<id>`, the connection is stored with that post, and each new visible comment (`comment.created`,
 * replies too) and each change of a visible comment's counts (`comment.updated`) goes to the
 * connections stored with its post (one index Query), not to every connection of the site.
 */
import { isBuried } from '../contract/comments';
import type { LiveMessage } from '../contract/live';
import { sendToConnections, type BroadcastReport, type DeliveryDeps } from './broadcast';
import { publicComment, threadComment } from './commentView';
import { UpdatePacer } from './liveUpdates';
import type { StoredComment } from './ports/comments';
import type { PostWatchers } from './ports/connections';

export type CommentBroadcastDeps = DeliveryDeps & { connections: PostWatchers };

/** A live message and the post whose readers hear it. */
export type CommentMessage = { postId: string; message: LiveMessage };

/**
 * `comment.created` for a comment that is new and visible (a top-level one with its empty thread);
 * `comment.updated` when a visible comment's counts moved; nothing for any other change.
 */
export function commentMessageFor(change: { before?: StoredComment; after?: StoredComment }): CommentMessage | undefined {
  const { before, after } = change;
  if (after?.status !== 'visible') return undefined;
  if (before === undefined) {
    const comment = after.parentId === undefined ? threadComment(after, []) : publicComment(after);
    return { postId: after.postId, message: { type: 'comment.created', comment } };
  }
  if (before.status !== 'visible' || ((before.up ?? 0) === (after.up ?? 0) && (before.down ?? 0) === (after.down ?? 0))) return undefined;
  const votes = { up: after.up ?? 0, down: after.down ?? 0 };
  return { postId: after.postId, message: { type: 'comment.updated', id: after.id, votes, collapsed: isBuried(votes) } };
}

/** The comment a paced message is an update of (`comment.created` is never held back). */
const updateKey = ({ message }: CommentMessage): string | undefined => (message.type === 'comment.updated' ? message.id : undefined);

/**
 * A pacer for `comment.updated`: at most one a second per comment (LIVE_UPDATE_INTERVAL_MS), the
 * last of a burst held until its time rather than dropped, so readers end on the exact counts.
 */
export function commentUpdatePacer(): UpdatePacer<CommentMessage> {
  return new UpdatePacer<CommentMessage>({ keyOf: updateKey });
}

/**
 * Sends each comment's message to the connections reading its post. A gone connection is deleted; a
 * failing one is reported; neither stops the rest. A repeated record repeats its message, which
 * clients apply once (by comment id).
 */
export async function deliverCommentMessages(deps: CommentBroadcastDeps, messages: CommentMessage[]): Promise<BroadcastReport> {
  const report: BroadcastReport = { sent: 0, gone: 0, failed: 0 };
  for (const { postId, message } of messages) {
    const sent = await sendToConnections(deps, deps.connections.watching(postId), [JSON.stringify(message)]);
    report.sent += sent.sent;
    report.gone += sent.gone;
    report.failed += sent.failed;
  }
  return report;
}
