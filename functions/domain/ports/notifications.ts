import type { AppealDecision } from '../../contract/appeals';
import type { NotificationType } from '../../contract/notifications';
import type { RejectionReason } from '../../contract/posts';
import type { StoredPost } from './posts';

/** A notification as stored, under its owner's account: `key` is its id, stable for its life. */
export type StoredNotification = {
  accountId: string;
  key: string;
  type: NotificationType;
  /** The post it is about; empty for `appeal.decided`, which is about the account's suspension. */
  postId: string;
  /** When it last changed (a coalesced comment notification moves up with each comment). */
  createdAt: string;
  read: boolean;
  reason?: RejectionReason;
  /** The latest commenter's apodo and the comments since it was last read (`comment.created`). */
  name?: string;
  count?: number;
  /** The answer to an appeal and the moderator's reply (`appeal.decided`). */
  decision?: AppealDecision;
  reply?: string;
  /** Moves up with each write of a coalesced notification (optimistic concurrency). */
  version: number;
};

export type NotificationPageQuery = { accountId: string; limit: number; afterListedAt?: string };

/**
 * What a coalesced write found: written, the comment already counted (a record seen twice), the item
 * changed meanwhile, or the owner's account deleted (nothing is written for it).
 */
export type CoalescedWrite = 'written' | 'seen' | 'conflict' | 'gone';

/** The notifications table (functions/store/tables.ts NOTIFICATIONS_TABLE). */
export interface NotificationStore {
  /** Stores a one-off notification unless one with its key exists (false then: a record seen again). */
  add(notification: StoredNotification): Promise<boolean>;
  /** One notification, read strongly consistent. */
  get(accountId: string, key: string): Promise<StoredNotification | undefined>;
  /**
   * Writes `next` (a coalesced comment notification) if the stored one is still at `expectedVersion`
   * (undefined: none stored) and `commentId` was never counted, remembering it — one transaction.
   */
  putCoalesced(next: StoredNotification, expectedVersion: number | undefined, commentId: string): Promise<CoalescedWrite>;
  /** One page of an account's notifications, newest first (one Query). */
  page(query: NotificationPageQuery): Promise<{ items: StoredNotification[]; hasMore: boolean }>;
  /** Marks these of the account's notifications read (unknown or already read ones are left alone). */
  markRead(accountId: string, keys: readonly string[]): Promise<void>;
  /** Marks every unread notification of the account read (its sparse unread index, page by page). */
  markAllRead(accountId: string): Promise<void>;
  /** How many notifications of the account are unread, counting at most `cap` (strongly consistent). */
  countUnread(accountId: string, cap: number): Promise<number>;
}

/** The posts the notifications of a page are about, by id (an id with no post is absent). */
export interface NotifiedPosts {
  posts(ids: readonly string[]): Promise<Map<string, StoredPost>>;
}

/** The day's Top by «¡Vaya día!» as the top table holds it. */
export interface DayTopReader {
  /** The first `limit` rank rows of a day's bucket, most «¡Vaya día!» first: post id and rank key. */
  first(bucket: string, limit: number): Promise<Array<{ postId: string; rank: string }>>;
}
