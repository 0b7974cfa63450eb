/** A stored answer to a write: what the first request with a key was told. */
export type StoredAnswer = { statusCode: number; headers: Record<string, string>; body: string };

/** What beginning a keyed write found. */
export type Begun = { state: 'started' } | { state: 'running' } | { state: 'done'; answer: StoredAnswer };

/**
 * Idempotency records, one per account, route and key: `running` while a request holds it (until its
 * lease ends: the function's own time limit), then `done` with the answer, kept for the window.
 */
export interface IdempotencyStore {
  /** Takes the record (free, expired, or running with its lease over), or reports what holds it. */
  begin(key: string, now: Date, leaseUntil: Date, expiresAt: Date): Promise<Begun>;
  /** Stores the answer of the request that holds the record. */
  finish(key: string, answer: StoredAnswer, expiresAt: Date): Promise<void>;
  /** Lets the record go (the request failed on the server's side: a retry may run it again). */
  abandon(key: string): Promise<void>;
}
