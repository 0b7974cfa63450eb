import type { LiveMessage } from '../contract/live';
import { publicPost } from './lifecycle';
import type { ConnectionRepository, ScanSegment } from './ports/connections';
import type { StoredPost } from './ports/posts';

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
    return [
      { type: 'post.updated', id: after.id, votes: { agree: after.votes.agree, deserved: after.votes.deserved }, comments: after.comments },
    ];
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
  return sendPart(deps, { segment: 0, totalSegments: 1 }, messages);
}

/**
 * How a broadcast is split. The connections table is read as a parallel Scan of as many segments as
 * there are parts; each part (one segment) is sent by its own invocation with at most `concurrency`
 * sends in flight, so a part's time depends on `connectionsPerPart`, not on the audience, up to
 * `maxParts` (docs/live.md has the arithmetic).
 */
export type FanOutPlan = {
  /** How many connections one invocation is meant to send to. */
  connectionsPerPart: number;
  /** The most parts (parallel invocations) one broadcast is split into. */
  maxParts: number;
  /** The audience is estimated by counting one segment of a Scan in this many (1/this of the table). */
  sampleOneIn: number;
};

export const FAN_OUT_PLAN: FanOutPlan = { connectionsPerPart: 200, maxParts: 100, sampleOneIn: 16 };

/** A part of a broadcast: one segment of the connections table. */
export type BroadcastPart = ScanSegment;

/** Starts the invocation that sends `part` (asynchronously: it resolves once the invocation is queued). */
export interface PartDispatcher {
  dispatch(part: BroadcastPart, messages: LiveMessage[]): Promise<void>;
}

export type FanOutDeps = BroadcastDeps & { dispatcher: PartDispatcher; plan?: FanOutPlan };

export type FanOutReport = BroadcastReport & {
  /** The audience as estimated from the sample. */
  estimated: number;
  /** How many parts: this invocation sent the first, the others were dispatched. */
  parts: number;
};

/** About how many connections are open: one segment of a `sampleOneIn`-way Scan, counted, times `sampleOneIn`. */
export async function estimateConnections(connections: ConnectionRepository, plan: FanOutPlan = FAN_OUT_PLAN): Promise<number> {
  return (await connections.countSegment({ segment: 0, totalSegments: plan.sampleOneIn })) * plan.sampleOneIn;
}

/** The parts for an audience of about `estimated` connections: enough for `connectionsPerPart` each, at most `maxParts`. */
export function planParts(estimated: number, plan: FanOutPlan = FAN_OUT_PLAN): BroadcastPart[] {
  const totalSegments = Math.min(plan.maxParts, Math.max(1, Math.ceil(estimated / plan.connectionsPerPart)));
  return Array.from({ length: totalSegments }, (_, segment) => ({ segment, totalSegments }));
}

/**
 * Delivers `messages` to every connection, split across parallel invocations when the audience is
 * large: estimates the audience, plans the parts, dispatches every part but the first to its own
 * invocation and sends the first itself. Every connection is in exactly one segment, so each gets
 * each message once (a retried stream batch repeats them; clients apply them idempotently). A
 * dispatch that fails throws, so the stream batch is retried.
 */
export async function fanOutMessages(deps: FanOutDeps, messages: LiveMessage[]): Promise<FanOutReport> {
  if (messages.length === 0) return { sent: 0, gone: 0, failed: 0, estimated: 0, parts: 0 };
  const plan = deps.plan ?? FAN_OUT_PLAN;
  const estimated = await estimateConnections(deps.connections, plan);
  const [first, ...others] = planParts(estimated, plan);
  await Promise.all(others.map((part) => deps.dispatcher.dispatch(part, messages)));
  const report = await sendPart(deps, first ?? { segment: 0, totalSegments: 1 }, messages);
  return { ...report, estimated, parts: others.length + 1 };
}

/**
 * Sends each message to every connection of one segment of the connections table, at most
 * `concurrency` sends in flight (50 by default). As {@link broadcastMessages}, each connection is
 * isolated: a gone one is deleted, a failing one reported.
 */
export async function sendPart(deps: BroadcastDeps, part: BroadcastPart, messages: LiveMessage[]): Promise<BroadcastReport> {
  if (messages.length === 0) return { sent: 0, gone: 0, failed: 0 };
  return sendToConnections(
    deps,
    deps.connections.list(part.totalSegments > 1 ? part : undefined),
    messages.map((message) => JSON.stringify(message)),
  );
}

/** What delivering to a list of connections needs: the sender, and a way to forget gone connections. */
export type DeliveryDeps = Omit<BroadcastDeps, 'connections'> & { connections: Pick<ConnectionRepository, 'remove'> };

/**
 * Sends `frames` to every connection the pages list, at most `concurrency` sends in flight (50 by
 * default). Each connection is isolated: a gone one is deleted (that one, not the sender's) and gets
 * no further frame, a failing one is reported, and neither stops the rest. Shared by the broadcast
 * (the connections table, or one segment of it) and the comments' (a post's readers).
 */
export async function sendToConnections(deps: DeliveryDeps, pages: AsyncIterable<string[]>, frames: string[]): Promise<BroadcastReport> {
  const report: BroadcastReport = { sent: 0, gone: 0, failed: 0 };
  for await (const connectionIds of pages) {
    await forEachSettled(connectionIds, deps.concurrency ?? 50, (connectionId) => sendFrames(deps, connectionId, frames, report));
  }
  return report;
}

async function sendFrames(deps: DeliveryDeps, connectionId: string, frames: string[], report: BroadcastReport): Promise<void> {
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
