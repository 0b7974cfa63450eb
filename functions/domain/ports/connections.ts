/** One segment of a parallel Scan: DynamoDB splits a table into `totalSegments` disjoint parts by key hash. */
export type ScanSegment = { segment: number; totalSegments: number };

/** Open WebSocket connections. */
export interface ConnectionRepository {
  /**
   * Stores a new connection; `watching` is the post whose page it reads, if any; `account` the
   * account whose valid ID token it was opened with, if any (it hears that account's notifications).
   */
  add(connectionId: string, now: Date, watching?: string, account?: string): Promise<void>;
  remove(connectionId: string): Promise<void>;
  /** Every stored connection id, page by page; with `segment`, only that segment's. */
  list(segment?: ScanSegment): AsyncIterable<string[]>;
  /** How many connections one segment holds (a COUNT Scan of that segment: ids are not read). */
  countSegment(segment: ScanSegment): Promise<number>;
}

/** Who reads which post's page: the connections opened with `?post=<id>`. */
export interface PostWatchers {
  /** The connections reading one post's page, page by page (one index Query each). */
  watching(postId: string): AsyncIterable<string[]>;
  remove(connectionId: string): Promise<void>;
}

/** Whose sockets are whose: the connections opened with an account's token. */
export interface AccountConnections {
  /** The connections of one account, page by page (one index Query each). */
  ofAccount(accountId: string): AsyncIterable<string[]>;
  remove(connectionId: string): Promise<void>;
}
