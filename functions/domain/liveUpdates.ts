/**
 * Coalescing of counts updates (`post.updated`; `comment.updated` with a key of its own): a burst of votes on one post is at most one message a second
 * (LIVE_UPDATE_INTERVAL_MS), each carrying the counts of the latest change, so readers end on the
 * right numbers and the fan-out does not grow with the votes. Delivery itself is broadcastMessages'
 * (functions/domain/broadcast.ts); this only decides what to hand it, and when.
 */
import { LIVE_UPDATE_INTERVAL_MS, type LiveMessage } from '../contract/live';
import { systemMillis } from './clock';

/** The item a counts update is about (`post.updated` by post id); undefined for any other message. */
export const postUpdateKey = (message: LiveMessage): string | undefined => (message.type === 'post.updated' ? message.id : undefined);

/**
 * Keeps the last update of each item (it holds the newest counts), at the place of that last one;
 * every other message stays as it was, in order.
 */
export function coalesceUpdates<M = LiveMessage>(messages: M[], keyOf: (message: M) => string | undefined = postUpdateKey as never): M[] {
  const lastUpdate = new Map<string, number>();
  messages.forEach((message, index) => {
    const key = keyOf(message);
    if (key !== undefined) lastUpdate.set(key, index);
  });
  return messages.filter((message, index) => {
    const key = keyOf(message);
    return key === undefined || lastUpdate.get(key) === index;
  });
}

export type PacerOptions<M = LiveMessage> = {
  /** Shortest time between two updates of one item. @default LIVE_UPDATE_INTERVAL_MS */
  intervalMs?: number;
  /** Which messages are paced updates, and of which item. @default postUpdateKey */
  keyOf?: (message: M) => string | undefined;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
};

/**
 * Spaces each post's `post.updated` at least `intervalMs` apart. Messages that may go now are handed
 * to `send` at once; an update of a post that had one less than `intervalMs` ago is held until its
 * time and then sent (never dropped: it carries the latest counts of its batch). It remembers when
 * each post was last updated for as long as an execution environment lives. A table stream's records
 * of one post arrive in order on one shard, whose batches Lambda (and the local poller) processes one
 * at a time, so holding a message inside the invocation keeps the guarantee.
 */
export class UpdatePacer<M = LiveMessage> {
  private readonly lastSent = new Map<string, number>();
  private readonly intervalMs: number;
  private readonly keyOf: (message: M) => string | undefined;
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(options: PacerOptions<M> = {}) {
    this.intervalMs = options.intervalMs ?? LIVE_UPDATE_INTERVAL_MS;
    this.keyOf = options.keyOf ?? (postUpdateKey as never);
    this.now = options.now ?? systemMillis;
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  /** Hands `messages` (coalesced) to `send`: once now, and once more later for held updates. */
  async deliver<R>(messages: M[], send: (messages: M[]) => Promise<R>): Promise<R[]> {
    const results: R[] = [];
    const now = this.now();
    this.forget(now);
    const ready: M[] = [];
    const held: Array<{ message: M; due: number }> = [];
    for (const message of coalesceUpdates(messages, this.keyOf)) {
      const key = this.keyOf(message);
      if (key === undefined) {
        ready.push(message);
        continue;
      }
      const last = this.lastSent.get(key);
      if (last === undefined || now - last >= this.intervalMs) {
        ready.push(message);
      } else {
        held.push({ message, due: last + this.intervalMs });
      }
    }
    if (ready.length > 0) results.push(await this.sendMarked(ready, send));
    if (held.length > 0) {
      const wait = Math.max(...held.map((entry) => entry.due)) - this.now();
      if (wait > 0) await this.sleep(wait);
      results.push(
        await this.sendMarked(
          held.map((entry) => entry.message),
          send,
        ),
      );
    }
    return results;
  }

  /**
   * Sends, counting each update's interval from when its send ends (a fan-out takes time): two
   * updates of one post reach any one reader at least `intervalMs` apart.
   */
  private async sendMarked<R>(messages: M[], send: (messages: M[]) => Promise<R>): Promise<R> {
    const mark = () => {
      const at = this.now();
      for (const message of messages) {
        const key = this.keyOf(message);
        if (key !== undefined) this.lastSent.set(key, at);
      }
    };
    mark();
    try {
      return await send(messages);
    } finally {
      mark();
    }
  }

  /** Drops what no longer holds anything back. */
  private forget(now: number): void {
    for (const [id, at] of this.lastSent) if (now - at >= this.intervalMs) this.lastSent.delete(id);
  }
}
