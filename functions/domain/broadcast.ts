import type { LiveMessage, Post } from '../contract';
import type { ConnectionRepository } from './ports';

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

/**
 * Sends `post.created` for each post to every stored connection. Each connection is isolated: a gone
 * one is deleted (that one, not the sender's), a failing one is reported, and neither stops the rest.
 */
export async function broadcastPosts(deps: BroadcastDeps, posts: Post[]): Promise<BroadcastReport> {
  const report: BroadcastReport = { sent: 0, gone: 0, failed: 0 };
  if (posts.length === 0) return report;
  const messages = posts.map((post) => JSON.stringify({ type: 'post.created', post } satisfies LiveMessage));
  for await (const connectionIds of deps.connections.list()) {
    await forEachSettled(connectionIds, deps.concurrency ?? 50, async (connectionId) => {
      for (const message of messages) {
        try {
          const outcome = await deps.sender.send(connectionId, message);
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
