/**
 * Notifications («Avisos», docs/api.md): what happens to an account's anecdotes, told to that account
 * only. Made by the stream-fed functions from events that already exist — a post's status moving
 * from pending to published or rejected, a comment by someone else, a vote that puts a post among the
 * day's DAY_TOP_SIZE most «¡Vaya día!» — and read, marked read and counted by its owner.
 *
 * Every write is idempotent under stream redelivery: a one-off notification's key is derived from
 * its event (`published#<post>`, `top#<post>`, `rejected#<post>#<when>`) and written only if absent;
 * a comment is counted in the one coalesced notification of its post (`comment#<post>`) in the same
 * transaction that remembers its id, so a comment delivered twice counts once, and concurrent
 * comments (records of several shards at once) are serialised by the item's version.
 */
import type { LiveMessage } from '../contract/live';
import {
  DAY_TOP_SIZE,
  EXCERPT_LENGTH,
  NOTIFICATION_TTL_DAYS,
  UNREAD_COUNT_CAP,
  markReadSchema,
  type Notification,
  type NotificationPage,
} from '../contract/notifications';
import type { Author } from './author';
import { sendToConnections, type BroadcastReport, type DeliveryDeps } from './broadcast';
import { timeOf } from './clock';
import type { PageParams } from './cursor';
import { ValidationError } from './errors';
import { parseLimit, parseRequest, untilSettled } from './input';
import { rejectionOf } from './lifecycle';
import { bucketOf, madridDate } from './periods';
import { rankKey } from './rankings';
import type { CommentStore, StoredComment } from './ports/comments';
import type { BlockChecker } from './ports/blocks';
import type { AccountConnections } from './ports/connections';
import type { DayTopReader, NotificationStore, NotifiedPosts, StoredNotification } from './ports/notifications';
import type { PostRepository, StoredPost } from './ports/posts';

/** A post's change as its table's stream reports it, with when its status last moved (`statusAt`). */
export type PostStatusChange = { before?: StoredPost; after?: StoredPost; statusAt?: string };

/** Delivers a live message to the sockets of one account (those opened with its token). */
export interface OwnerChannel {
  send(accountId: string, message: LiveMessage): Promise<void>;
}

export type NotifyDeps = { notifications: NotificationStore; live: OwnerChannel; now?: () => Date };

/** The key of each kind of notification: one per post (a rejection: one per rejection). */
export const notificationKey = {
  published: (postId: string) => `published#${postId}`,
  top: (postId: string) => `top#${postId}`,
  comment: (postId: string) => `comment#${postId}`,
  reply: (commentId: string) => `reply#${commentId}`,
  rejected: (postId: string, at: string) => `rejected#${postId}#${at}`,
  mention: (commentId: string) => `mention#${commentId}`,
  appeal: (appealId: string) => `appeal#${appealId}`,
};

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const ISO = '\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z';
/** A notification's key; its place in the list (`listedAt`) is `${createdAt}#${key}`. */
const LISTED_AT = new RegExp(`^${ISO}#(?:(?:published|top|comment|mention|reply|appeal)#${UUID}|rejected#${UUID}#${ISO})$`);
const BASE64URL = /^[A-Za-z0-9_-]+$/;

export const listedAtOf = (notification: Pick<StoredNotification, 'createdAt' | 'key'>) => `${notification.createdAt}#${notification.key}`;

/** When a notification written at `at` expires (the table's TTL attribute, in seconds). */
export function expiryOf(at: string): number {
  return Math.floor(Date.parse(at) / 1000) + NOTIFICATION_TTL_DAYS * 24 * 60 * 60;
}

/** The notification as its owner sees it. */
export function publicNotification(stored: StoredNotification): Notification {
  const base = { id: stored.key, postId: stored.postId, createdAt: stored.createdAt, read: stored.read };
  switch (stored.type) {
    case 'post.rejected':
      return { ...base, type: 'post.rejected', reason: stored.reason ?? 'otro' };
    case 'comment.created':
      return { ...base, type: 'comment.created', name: stored.name ?? '', count: stored.count ?? 1 };
    case 'post.top':
      return { ...base, type: 'post.top' };
    case 'post.published':
      return { ...base, type: 'post.published' };
    case 'comment.mention':
      return { ...base, type: 'comment.mention', name: stored.name ?? '' };
    case 'comment.reply':
      return { ...base, type: 'comment.reply', name: stored.name ?? '' };
    case 'appeal.decided':
      return { ...base, postId: null, type: 'appeal.decided', decision: stored.decision ?? 'uphold', reply: stored.reply ?? '' };
  }
}

/**
 * Whether a notification whose actor (the commenter, the one who mentions) is `actorId` may reach
 * `ownerId`: not when the owner blocked the actor. Every notification with an actor asks this before
 * it is written; the actor is never told.
 */
export async function reachesOwner(deps: { blocks: BlockChecker }, ownerId: string, actorId: string): Promise<boolean> {
  return !(await deps.blocks.isBlocked(ownerId, actorId));
}

/**
 * The notification a post's change of status makes: `post.published` when it left moderation into
 * the feeds, `post.rejected` (with the reason) when it was rejected; none for any other change (a
 * hidden post restored, a vote, a removal).
 */
export function statusNotificationFor(change: PostStatusChange, now: Date): StoredNotification | undefined {
  const { before, after } = change;
  if (!after || before?.status !== 'pending' || after.status === before.status) return undefined;
  const at = change.statusAt ?? now.toISOString();
  const common = { accountId: after.authorId, postId: after.id, createdAt: at, read: false, version: 1 };
  if (after.status === 'published') return { ...common, key: notificationKey.published(after.id), type: 'post.published' };
  if (after.status === 'rejected') {
    return {
      ...common,
      key: notificationKey.rejected(after.id, at),
      type: 'post.rejected',
      reason: rejectionOf(after)?.reason ?? 'otro',
    };
  }
  return undefined;
}

/**
 * The posts of a batch that may have climbed in the day's Top: published today (Madrid), with a
 * «¡Vaya día!» vote more than before; each once, in its latest state.
 */
export function topCandidates(changes: readonly PostStatusChange[], now: Date): StoredPost[] {
  const today = madridDate(now);
  const latest = new Map<string, StoredPost>();
  const climbed = new Set<string>();
  for (const { before, after } of changes) {
    if (!after) continue;
    if (after.status === 'published' && before?.status === 'published' && after.votes.agree > before.votes.agree) climbed.add(after.id);
    latest.set(after.id, after);
  }
  return [...climbed]
    .map((id) => latest.get(id) as StoredPost)
    .filter((post) => post.status === 'published' && post.publishedAt !== null && madridDate(new Date(post.publishedAt)) === today);
}

/**
 * Whether `post` is among the day's DAY_TOP_SIZE most «¡Vaya día!», given the first rank rows of its
 * day (read with one more than the Top's size: the post's own row may still hold an older count, as
 * the posts stream's batched reader writes it from the same stream). Its rank is computed from its
 * current count, as that reader will write it; ties rank newest first, as the Top shows them.
 */
export function isInDayTop(post: StoredPost, rows: ReadonlyArray<{ postId: string; rank: string }>): boolean {
  if (post.publishedAt === null || post.votes.agree < 1) return false;
  const mine = rankKey(post.votes.agree, post.publishedAt, post.id);
  const ahead = rows.filter((row) => row.postId !== post.id && row.rank > mine).length;
  return ahead < DAY_TOP_SIZE;
}

/**
 * Notifies the authors of a batch of post changes (the posts stream): published, rejected, and
 * entered the day's Top (one Query of the day's ranking per batch). Each new notification is sent
 * live to its owner; one that existed already (a record seen again) is neither written nor sent.
 */
export async function notifyPostChanges(
  deps: NotifyDeps & { dayTop: DayTopReader },
  changes: readonly PostStatusChange[],
): Promise<number> {
  const now = timeOf(deps);
  let made = 0;
  for (const change of changes) {
    const notification = statusNotificationFor(change, now);
    if (notification && (await addAndSend(deps, notification))) made++;
  }
  const candidates = topCandidates(changes, now);
  if (candidates.length > 0) {
    const rows = await deps.dayTop.first(bucketOf('day', now), DAY_TOP_SIZE + 1);
    for (const post of candidates) {
      if (!isInDayTop(post, rows)) continue;
      const notification: StoredNotification = {
        accountId: post.authorId,
        key: notificationKey.top(post.id),
        type: 'post.top',
        postId: post.id,
        createdAt: now.toISOString(),
        read: false,
        version: 1,
      };
      if (await addAndSend(deps, notification)) made++;
    }
  }
  return made;
}

/** Stores a one-off notification and sends it live to its owner; false (nothing sent) when it existed already. */
export async function addAndSend(deps: NotifyDeps, notification: StoredNotification): Promise<boolean> {
  if (!(await deps.notifications.add(notification))) return false;
  await deps.live.send(notification.accountId, { type: 'notification.created', notification: publicNotification(notification) });
  return true;
}

/**
 * The coalesced comment notification after one more comment: counted in the unread one (the latest
 * commenter's apodo, moved up to the comment's time), or a new unread one with a count of one when
 * there is none or it was read.
 */
export function coalesce(existing: StoredNotification | undefined, comment: StoredComment, ownerId: string): StoredNotification {
  if (existing && !existing.read) {
    const later = comment.createdAt >= existing.createdAt;
    return {
      ...existing,
      count: (existing.count ?? 0) + 1,
      name: later ? comment.name : (existing.name ?? comment.name),
      createdAt: later ? comment.createdAt : existing.createdAt,
      version: existing.version + 1,
    };
  }
  return {
    accountId: ownerId,
    key: notificationKey.comment(comment.postId),
    type: 'comment.created',
    postId: comment.postId,
    createdAt: comment.createdAt,
    read: false,
    name: comment.name,
    count: 1,
    version: (existing?.version ?? 0) + 1,
  };
}

/**
 * Notifies the authors of the posts that new visible comments (the comments stream) are under:
 * each comment by someone else is counted once in its post's one coalesced notification, which is
 * then sent live to the post's author. None for a comment on one's own post, nor by an account the
 * post's author blocked.
 */
export async function notifyComments(
  deps: NotifyDeps & { posts: Pick<PostRepository, 'get'>; blocks: BlockChecker },
  comments: readonly StoredComment[],
): Promise<number> {
  const owners = new Map<string, string | undefined>();
  let made = 0;
  for (const comment of comments) {
    if (!owners.has(comment.postId)) owners.set(comment.postId, (await deps.posts.get(comment.postId))?.authorId);
    const owner = owners.get(comment.postId);
    if (owner === undefined || owner === comment.authorId) continue;
    if (!(await reachesOwner(deps, owner, comment.authorId))) continue;
    const written = await untilSettled(async () => {
      const existing = await deps.notifications.get(owner, notificationKey.comment(comment.postId));
      const next = coalesce(existing, comment, owner);
      const outcome = await deps.notifications.putCoalesced(next, existing?.version, comment.id);
      if (outcome === 'conflict') return undefined;
      return { outcome, next };
    });
    if (written.outcome !== 'written') continue;
    made++;
    await deps.live.send(owner, { type: 'notification.created', notification: publicNotification(written.next) });
  }
  return made;
}

/**
 * Tells the author of the comment each new reply answers (`comment.reply`, one per reply, so a record
 * delivered twice makes one): the top-level comment's, or for a reply to a reply that reply's author
 * (the thread's author then hears nothing: it was not their comment that was answered; if the answered
 * reply is gone, the thread's author is told). None for a reply to one's own comment, nor by an
 * account that author blocked.
 */
export async function notifyReplies(
  deps: NotifyDeps & { comments: Pick<CommentStore, 'get'>; blocks: BlockChecker },
  comments: readonly StoredComment[],
): Promise<number> {
  let made = 0;
  for (const reply of comments) {
    if (reply.parentId === undefined) continue;
    const parent = await answeredBy(deps, reply);
    if (!parent || parent.authorId === reply.authorId) continue;
    if (!(await reachesOwner(deps, parent.authorId, reply.authorId))) continue;
    const notification: StoredNotification = {
      accountId: parent.authorId,
      key: notificationKey.reply(reply.id),
      type: 'comment.reply',
      postId: reply.postId,
      createdAt: reply.createdAt,
      read: false,
      name: reply.name,
      version: 1,
    };
    if (await addAndSend(deps, notification)) made++;
  }
  return made;
}

/**
 * The comment a reply answers, whose author `comment.reply` tells: for a reply to a reply, that reply
 * (while it exists), else the top-level comment; undefined for a top-level comment or one gone.
 */
export async function answeredBy(deps: { comments: Pick<CommentStore, 'get'> }, reply: StoredComment): Promise<StoredComment | undefined> {
  if (reply.parentId === undefined) return undefined;
  return (reply.answers === undefined ? undefined : await deps.comments.get(reply.answers)) ?? (await deps.comments.get(reply.parentId));
}

export type ReadDeps = { notifications: NotificationStore };
export type ListDeps = ReadDeps & { posts: NotifiedPosts };

/**
 * A post's first words for its notification: at most `max` characters (the «…» included), cut at the
 * last space when there is one in its second half, white space run together.
 */
export function excerptOf(text: string, max = EXCERPT_LENGTH): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`;
}
export type UnreadDeps = { notifications: Pick<NotificationStore, 'countUnread'> };

/**
 * `GET /me/notifications?limit=&cursor=`: the caller's notifications, newest first, one Query a page,
 * each with its post's first words (one BatchGetItem of the page's posts; only the caller's own).
 */
export async function readNotifications(deps: ListDeps, caller: Author, params: PageParams): Promise<NotificationPage> {
  const limit = parseLimit(params.limit);
  const afterListedAt = params.cursor !== undefined ? decodeNotificationCursor(params.cursor) : undefined;
  const page = await deps.notifications.page({ accountId: caller.id, limit, afterListedAt });
  const last = page.items.at(-1);
  const posts =
    page.items.length > 0
      ? await deps.posts.posts(page.items.map((item) => item.postId).filter((id) => id !== ''))
      : new Map<string, StoredPost>();
  return {
    items: page.items.map((stored) => {
      const notification = publicNotification(stored);
      const post = posts.get(stored.postId);
      return post && post.authorId === caller.id ? { ...notification, excerpt: excerptOf(post.post) } : notification;
    }),
    nextCursor: page.hasMore && last ? Buffer.from(listedAtOf(last), 'utf8').toString('base64url') : null,
  };
}

function decodeNotificationCursor(cursor: string): string {
  const listedAt = BASE64URL.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  if (!LISTED_AT.test(listedAt)) throw new ValidationError('INVALID_CURSOR');
  return listedAt;
}

/** `POST /me/notifications/read { ids? }`: those of the caller's notifications, or all of them, read. */
export async function markNotificationsRead(deps: ReadDeps, caller: Author, body: unknown): Promise<void> {
  const { ids } = parseRequest(markReadSchema, body ?? {});
  if (ids === undefined) await deps.notifications.markAllRead(caller.id);
  else await deps.notifications.markRead(caller.id, [...new Set(ids)]);
}

/** The caller's unread notifications, counted up to UNREAD_COUNT_CAP. */
export function unreadNotifications(deps: UnreadDeps, caller: Author): Promise<number> {
  return deps.notifications.countUnread(caller.id, UNREAD_COUNT_CAP);
}

/**
 * The live channel to one account: its connections (opened with its token; one index Query, never a
 * Scan), each sent the message; a gone one is deleted, a failing one reported, neither thrown (the
 * notification is stored already: the owner sees it on the next read). `report` sums what was sent.
 */
export function ownerChannel(deps: DeliveryDeps & { connections: AccountConnections }): OwnerChannel & { report: BroadcastReport } {
  const report: BroadcastReport = { sent: 0, gone: 0, failed: 0 };
  return {
    report,
    async send(accountId, message) {
      const sent = await sendToConnections(deps, deps.connections.ofAccount(accountId), [JSON.stringify(message)]);
      report.sent += sent.sent;
      report.gone += sent.gone;
      report.failed += sent.failed;
    },
  };
}
