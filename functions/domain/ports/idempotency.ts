/** A stored answer to a write: what the first request with a key was told. */
export type StoredAnswer = { statusCode: number; headers: Record<string, string>; body: string };

/**
 * What beginning a keyed write found. `generation` names one use of the key: new when the record is
 * made (or remade after it expired), kept while retries of that use take the record over; empty for a
 * record written before generations existed.
 */
export type Begun = { state: 'started'; generation: string } | { state: 'running' } | { state: 'done'; answer: StoredAnswer };

/**
 * Idempotency records, one per account, route and key: `running` while a request holds it (until its
 * lease ends: the function's own time limit), then `done` with the answer, kept for the window, or
 * `free` when its request ended without an answer worth keeping (a retry runs again, in the same
 * generation).
 */
export interface IdempotencyStore {
  /** Takes the record (absent, expired, free, or running with its lease over), or reports what holds it. */
  begin(key: string, now: Date, leaseUntil: Date, expiresAt: Date): Promise<Begun>;
  /** Stores the answer of the request that holds the record. */
  finish(key: string, answer: StoredAnswer, expiresAt: Date): Promise<void>;
  /** Lets the record go, keeping its generation: a retry may run it again and finds what this run wrote. */
  release(key: string): Promise<void>;
}
