/**
 * Idempotent writes (docs/api.md, "Idempotent writes"): the first request with an account's key runs and
 * its answer is kept; the same key again gets that answer and runs nothing. A duplicate that arrives
 * while the first still runs waits for its answer. A first request that failed on the server's side
 * (5xx) or whose function died (its lease ran out) leaves the record free, so a retry runs again —
 * which the writes themselves make harmless: a post or comment written with a key has an id derived
 * from it ({@link idFromKey}), so running again finds it instead of writing a second one.
 */
import { createHash } from 'node:crypto';
import { IDEMPOTENCY_WINDOW_HOURS } from '../contract/common';
import { DomainError } from './errors';
import type { IdempotencyStore, StoredAnswer } from './ports/idempotency';

export class RequestInProgressError extends DomainError {
  constructor() {
    super('REQUEST_IN_PROGRESS');
  }
}

export type IdempotencyDeps = {
  store: IdempotencyStore;
  now?: () => Date;
  sleep?: (ms: number) => Promise<void>;
};

const WINDOW_MS = IDEMPOTENCY_WINDOW_HOURS * 60 * 60 * 1000;
/** How often a duplicate looks again while the first request runs. */
const POLL_MS = 100;

/**
 * Runs `work` once per record key. `budgetMs` is the time the caller may spend (its function's
 * remaining time): it is the lease of the record it takes, and how long a duplicate waits before
 * answering REQUEST_IN_PROGRESS.
 */
export async function once(deps: IdempotencyDeps, key: string, budgetMs: number, work: () => Promise<StoredAnswer>): Promise<StoredAnswer> {
  const now = () => deps.now?.() ?? new Date();
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const giveUpAt = now().getTime() + budgetMs;
  for (;;) {
    const started = now();
    const begun = await deps.store.begin(key, started, new Date(started.getTime() + budgetMs), new Date(started.getTime() + WINDOW_MS));
    if (begun.state === 'done') return begun.answer;
    if (begun.state === 'started') {
      let answer: StoredAnswer;
      try {
        answer = await work();
      } catch (error) {
        await deps.store.abandon(key);
        throw error;
      }
      if (answer.statusCode >= 500) await deps.store.abandon(key);
      else await deps.store.finish(key, answer, new Date(now().getTime() + WINDOW_MS));
      return answer;
    }
    // Another request with this key is running: wait for its answer (or for its lease to end).
    if (now().getTime() + POLL_MS > giveUpAt) throw new RequestInProgressError();
    await sleep(POLL_MS);
  }
}

/** The record's key: one account, one route and path, one key. */
export function recordKey(accountId: string, route: string, key: string): string {
  return `${accountId}#${route}#${key}`;
}

/** A UUID derived from a record key: what a write made under that key is stored as. */
export function idFromKey(record: string): string {
  const hex = createHash('sha256').update(record).digest('hex');
  // Shaped as a version-4-like UUID (the variant and version nibbles set), so it passes the id checks.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
