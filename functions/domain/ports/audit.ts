/** What the audit of derived data reads of the source tables (functions/domain/audit.ts). */

/** A post's stored counters, whatever its status. */
export type PostCounters = { id: string; agree: number; deserved: number; comments: number };

/** One row of the names table as the audit sees it. */
export type NameRowRead =
  | { kind: 'name'; nameKey: string; userId: string; /** A former apodo's row (it has a TTL). */ former: boolean }
  | { kind: 'account'; userId: string; nameKey?: string; deleted: boolean };

/**
 * Whole-table reads of the sources and of the rows that point at posts, a page at a time (Scans: an
 * operator's tool, never a request).
 */
export interface AuditSourceStore {
  /** Every post's counters. */
  postCounters(): AsyncIterable<PostCounters[]>;
  /** Every post vote row: its post and its vote. */
  voteRows(): AsyncIterable<Array<{ postId: string; vote: string }>>;
  /** The post of every visible comment. */
  visibleComments(): AsyncIterable<Array<{ postId: string }>>;
  /** Every apodo claim and account row. */
  nameRows(): AsyncIterable<NameRowRead[]>;
  /** Every saved row. */
  savedRows(): AsyncIterable<Array<{ userId: string; postId: string }>>;
  /** Every notification that names a post (not the `seen#` marks). */
  notificationRows(): AsyncIterable<Array<{ accountId: string; key: string; postId: string }>>;
}
