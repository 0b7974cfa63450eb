/**
 * New comments, live, for the readers of their post's page only: a page opens its WebSocket with
 * `?post=<id>`, the connection is stored with that post, and each new visible comment goes to the
 * connections stored with its post (one index Query), not to every connection of the site.
 */
import type { LiveMessage } from '../contract';
import type { ConnectionSender } from './broadcast';
import { publicComment } from './comments';
import type { PostWatchers, StoredComment } from './ports';

export type CommentBroadcastDeps = {
  connections: PostWatchers;
  sender: ConnectionSender;
  /** How many sends may be in flight at once. @default 50 */
  concurrency?: number;
  onError?: (connectionId: string, error: unknown) => void;
};

export type CommentBroadcastReport = { sent: number; gone: number; failed: number };

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
export async function deliverCommentMessages(deps: CommentBroadcastDeps, messages: LiveMessage[]): Promise<CommentBroadcastReport> {
  const report: CommentBroadcastReport = { sent: 0, gone: 0, failed: 0 };
  for (const message of messages) {
    if (message.type !== 'comment.created') continue;
    const frame = JSON.stringify(message);
    for await (const connectionIds of deps.connections.watching(message.comment.postId)) {
      await inParallel(connectionIds, deps.concurrency ?? 50, async (connectionId) => {
        try {
          if ((await deps.sender.send(connectionId, frame)) === 'gone') {
            report.gone++;
            await deps.connections.remove(connectionId);
          } else report.sent++;
        } catch (error) {
          report.failed++;
          deps.onError?.(connectionId, error);
        }
      });
    }
  }
  return report;
}

/** Runs `task` over `items` with at most `limit` in flight; a rejection never stops the others. */
async function inParallel<T>(items: T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++] as T).catch(() => undefined);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
