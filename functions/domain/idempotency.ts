/**
 * Idempotent writes (docs/api.md, "Idempotent writes"): the first request with an account's key runs and
 * its answer is kept if it will stay true (a success, or a refusal of the request itself: a validation
 * error); the same key again gets that answer and runs nothing. A duplicate that arrives while the first
 * still runs waits for its answer. Any other answer — a refusal whose cause can pass (409, 429, 403…),
 * a server failure — or a function that died (its lease ran out) leaves the record free, so a retry is
 * decided again. Running again is harmless: a post or comment written with a key has an id derived from
 * the key and the record's generation ({@link writeKeyOf}), so a retry finds what an earlier run of the
 * same use stored, and a key used again after its window (a new generation) never finds the old item.
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
export async function once(
  deps: IdempotencyDeps,
  key: string,
  budgetMs: number,
  work: (writeKey: string) => Promise<StoredAnswer>,
): Promise<StoredAnswer> {
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
        answer = await work(writeKeyOf(key, begun.generation));
      } catch (error) {
        await deps.store.release(key);
        throw error;
      }
      if (staysTrue(answer.statusCode)) await deps.store.finish(key, answer, new Date(now().getTime() + WINDOW_MS));
      else await deps.store.release(key);
      return answer;
    }
    // Another request with this key is running: wait for its answer (or for its lease to end).
    if (now().getTime() + POLL_MS > giveUpAt) throw new RequestInProgressError();
    await sleep(POLL_MS);
  }
}

/**
 * Whether an answer will be the same for the same request later: a success, or a refusal of the request
 * itself (400 validation, 413 too large). A conflict, a limit, a refused account or a server failure
 * depends on a state that can change.
 */
function staysTrue(statusCode: number): boolean {
  return (statusCode >= 200 && statusCode < 300) || statusCode === 400 || statusCode === 413;
}

/** What one use of a record key writes under: the record and its generation (none on records made before generations). */
export function writeKeyOf(record: string, generation: string): string {
  return generation === '' ? record : `${record}#${generation}`;
}

/** The record's key: one account, one route and path, one key. */
export function recordKey(accountId: string, route: string, key: string): string {
  return `${accountId}#${route}#${key}`;
}

/** A UUID derived from a write key ({@link writeKeyOf}): what a write made under that key is stored as. */
export function idFromKey(record: string): string {
  const hex = createHash('sha256').update(record).digest('hex');
  // Shaped as a version-4-like UUID (the variant and version nibbles set), so it passes the id checks.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
