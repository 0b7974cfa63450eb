import type { LiveMessage } from '../contract';
import { publicPost } from './lifecycle';
import type { ConnectionRepository, StoredPost } from './ports';

/** Delivers one message to one connection; 'gone' when the client is no longer there (HTTP 410). */
export interface ConnectionSender {
  send(connectionId: string, data: string): Promise<'sent' | 'gone'>;
}

export type BroadcastDeps = {
  connections: ConnectionRepository;
  sender: ConnectionSender;
  /** How many sends may be in flight at once. @default 50 */
  concurrency?: number;
  onError?: (connectionId: string, error: unknown) => void;
};

export type BroadcastReport = { sent: number; gone: number; failed: number };

/** One change of a stored post, as a table stream reports it: the item before and after. */
export type PostChange = { before?: StoredPost; after?: StoredPost };

/**
 * What readers must hear about a change: `post.published` when a post entered the feeds,
 * `post.removed` when it left them, `post.updated` when a published post's counts (votes, comments)
 * changed; nothing otherwise (a vote on a pending post, a report below the threshold). The same
 * change seen twice gives the same messages, which clients apply idempotently (by post id).
 * `post.updated` messages are then coalesced (functions/domain/liveUpdates.ts).
 */
export function liveMessagesFor(change: PostChange): LiveMessage[] {
  const { before, after } = change;
  const wasPublished = before?.status === 'published';
  const isPublished = after?.status === 'published';
  if (after && isPublished && !wasPublished) return [{ type: 'post.published', post: publicPost(after) }];
  if (before && wasPublished && !isPublished) return [{ type: 'post.removed', id: before.id }];
  if (before && after && isPublished && countsChanged(before, after)) {
    return [{ type: 'post.updated', id: after.id, votes: { agree: after.votes.agree, deserved: after.votes.deserved }, comments: after.comments }];
  }
  return [];
}

function countsChanged(before: StoredPost, after: StoredPost): boolean {
  return before.votes.agree !== after.votes.agree || before.votes.deserved !== after.votes.deserved || before.comments !== after.comments;
}

/**
 * Sends each message to every stored connection. Each connection is isolated: a gone one is deleted
 * (that one, not the sender's), a failing one is reported, and neither stops the rest.
 */
export async function broadcastMessages(deps: BroadcastDeps, messages: LiveMessage[]): Promise<BroadcastReport> {
  const report: BroadcastReport = { sent: 0, gone: 0, failed: 0 };
  if (messages.length === 0) return report;
  const frames = messages.map((message) => JSON.stringify(message));
  for await (const connectionIds of deps.connections.list()) {
    await forEachSettled(connectionIds, deps.concurrency ?? 50, async (connectionId) => {
      for (const frame of frames) {
        try {
          const outcome = await deps.sender.send(connectionId, frame);
          if (outcome === 'gone') {
            report.gone++;
            await deps.connections.remove(connectionId);
            return;
          }
          report.sent++;
        } catch (error) {
          report.failed++;
          deps.onError?.(connectionId, error);
        }
      }
    });
  }
  return report;
}

/** Runs `task` over `items` with at most `limit` in flight; a rejection never stops the others. */
async function forEachSettled<T>(items: T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await task(item).catch(() => undefined);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
