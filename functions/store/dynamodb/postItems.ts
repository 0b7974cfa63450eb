/**
 * How a post is laid out as a DynamoDB item, and how a change of status rewrites it. Index keys are
 * present only while they apply, so each index holds exactly what its reads want (sparse indexes):
 * `feed`, `sortKey` and `rand` only while published; `queue`/`queuedAt` only while pending or hidden.
 */
import { randomBytes } from 'node:crypto';
import * as z from 'zod/mini';
import { signatureOf } from '../../contract/accounts';
import { REPORT_REASONS, type ReportReason } from '../../contract/moderation';
import { CATEGORIES, POST_STATUSES, REJECTION_REASONS, type PostStatus, type RejectionReason } from '../../contract/posts';
import { sortKeyOf } from '../../domain/cursor';
import type { PostEdit, StoredPost } from '../../domain/ports/posts';
import { FEED_PARTITION, POSTS_KEYS, QUEUES } from '../tables';

const count = z._default(z.number(), 0);

/** What a stored item must hold to be a post; counters that were never written read as 0. */
const itemSchema = z.object({
  id: z.string(),
  name: z.string(),
  category: z.enum(CATEGORIES),
  post: z.string(),
  createdAt: z.string(),
  publishedAt: z.optional(z.string()),
  status: z.enum(POST_STATUSES),
  authorId: z.string(),
  agree: count,
  deserved: count,
  comments: count,
  modScore: count,
  modVotes: count,
  reports: count,
  rejectedFor: z.optional(z.enum(REJECTION_REASONS)),
  resent: z.optional(z.boolean()),
});

/** The post's counter of reject votes that gave `reason` (one attribute per reason). */
export const rejectVoteAttribute = (reason: RejectionReason) => `rejectVotes#${reason}`;

/** The item's counter of reports that gave `reason` (posts and comments alike), reset when a moderator restores it. */
export const reportReasonAttribute = (reason: ReportReason) => `reportReasons#${reason}`;
export const REPORT_REASON_ATTRIBUTES = REPORT_REASONS.map(reportReasonAttribute);

/** `{ reportReasons }` when any report was counted by reason, else nothing. */
export function reportReasonsOf(item: Record<string, unknown>): { reportReasons?: Partial<Record<ReportReason, number>> } {
  const counts: Partial<Record<ReportReason, number>> = {};
  for (const reason of REPORT_REASONS) {
    const value = item[reportReasonAttribute(reason)];
    if (typeof value === 'number' && value > 0) counts[reason] = value;
  }
  return Object.keys(counts).length > 0 ? { reportReasons: counts } : {};
}

/** `{ rejectVotes }` when any reject vote gave a reason, else nothing. */
function rejectVotesOf(item: Record<string, unknown>): { rejectVotes?: Partial<Record<RejectionReason, number>> } {
  const counts: Partial<Record<RejectionReason, number>> = {};
  for (const reason of REJECTION_REASONS) {
    const value = item[rejectVoteAttribute(reason)];
    if (typeof value === 'number' && value > 0) counts[reason] = value;
  }
  return Object.keys(counts).length > 0 ? { rejectVotes: counts } : {};
}

/** The post an item holds, or undefined when it is not a well-formed post item. */
export function postFromItem(item: Record<string, unknown> | undefined): StoredPost | undefined {
  const parsed = z.safeParse(itemSchema, item);
  if (!parsed.success) return undefined;
  const i = parsed.data;
  return {
    id: i.id,
    name: signatureOf(i.name),
    category: i.category,
    post: i.post,
    createdAt: i.createdAt,
    publishedAt: i.publishedAt ?? null,
    status: i.status,
    authorId: i.authorId,
    votes: { agree: i.agree, deserved: i.deserved },
    comments: i.comments,
    moderation: { score: i.modScore, votes: i.modVotes },
    reports: i.reports,
    ...rejectVotesOf(item!),
    ...reportReasonsOf(item!),
    ...(i.rejectedFor ? { rejectedFor: i.rejectedFor } : {}),
    ...(i.resent ? { resent: true } : {}),
  };
}

export function postsFromItems(items: Record<string, unknown>[] | undefined): StoredPost[] {
  return (items ?? []).map(postFromItem).filter((post): post is StoredPost => post !== undefined);
}

/** The attributes a status brings (its index keys) and those it takes away. */
function statusAttributes(post: StoredPost, status: PostStatus, at: string): { set: Record<string, unknown>; remove: string[] } {
  const { feed, sortKey, rand, queue, queuedAt } = POSTS_KEYS;
  if (status === 'published') {
    const publishedAt = post.publishedAt ?? at;
    return {
      set: { publishedAt, [feed]: FEED_PARTITION, [sortKey]: sortKeyOf(publishedAt, post.id), [rand]: randomBytes(8).toString('hex') },
      remove: [queue, queuedAt],
    };
  }
  const leaveFeeds = [feed, sortKey, rand];
  if (status === 'pending') return { set: { [queue]: QUEUES.pending, [queuedAt]: sortKeyOf(post.createdAt, post.id) }, remove: leaveFeeds };
  if (status === 'hidden') return { set: { [queue]: QUEUES.hidden, [queuedAt]: sortKeyOf(at, post.id) }, remove: leaveFeeds };
  return { set: {}, remove: [...leaveFeeds, queue, queuedAt] };
}

/** The whole item for a new post, with the index keys of its status. */
export function postItem(post: StoredPost): Record<string, unknown> {
  const { set } = statusAttributes(post, post.status, post.createdAt);
  return {
    id: post.id,
    name: post.name,
    ...(post.nameVersion !== undefined ? { nameVersion: post.nameVersion } : {}),
    category: post.category,
    post: post.post,
    createdAt: post.createdAt,
    ...(post.publishedAt !== null ? { publishedAt: post.publishedAt } : {}),
    status: post.status,
    authorId: post.authorId,
    agree: post.votes.agree,
    deserved: post.votes.deserved,
    comments: post.comments,
    modScore: post.moderation.score,
    modVotes: post.moderation.votes,
    reports: post.reports,
    ...Object.fromEntries(
      Object.entries(post.rejectVotes ?? {}).map(([reason, votes]) => [rejectVoteAttribute(reason as RejectionReason), votes]),
    ),
    ...(post.rejectedFor ? { rejectedFor: post.rejectedFor } : {}),
    ...(post.resent ? { resent: true } : {}),
    [POSTS_KEYS.createdKey]: sortKeyOf(post.createdAt, post.id),
    ...set,
  };
}

/** One UpdateItem's worth of changes, with its condition. */
export type ItemUpdate = {
  set?: Record<string, unknown>;
  add?: Record<string, number>;
  remove?: string[];
  /** A condition over `#name` / `:value` placeholders given in `names` / `values`. */
  condition: string;
  names: Record<string, string>;
  values: Record<string, unknown>;
};

/**
 * The changes that move `post` (as read) to `status` at `at`: the new status and its index keys,
 * on the condition that its status is still the one read. Publishing keeps an earlier `publishedAt`
 * (a restored post returns to its place in the feeds) and restoring a hidden post clears its reports.
 */
export function statusUpdate(post: StoredPost, status: PostStatus, at: Date): ItemUpdate {
  const iso = at.toISOString();
  const { set, remove } = statusAttributes(post, status, iso);
  const restored = post.status === 'hidden' && status === 'published';
  return {
    set: { status, statusAt: iso, ...set, ...(restored ? { reports: 0 } : {}) },
    remove: restored ? [...remove, ...REPORT_REASON_ATTRIBUTES] : remove,
    condition: '#status = :from',
    names: { '#status': 'status' },
    values: { ':from': post.status },
  };
}

/**
 * A rejected post edited and sent back (PUT /posts/{id}): the new text and category, `pending` again
 * at the back of the queue (queued by when it was resent), its tally and reject reasons cleared and
 * `resent` set; on the condition that it is still rejected and was never resent.
 */
export function resendUpdate(post: StoredPost, edit: PostEdit, at: Date): ItemUpdate {
  const iso = at.toISOString();
  return {
    set: {
      category: edit.category,
      post: edit.post,
      status: 'pending',
      statusAt: iso,
      resent: true,
      resentAt: iso,
      modScore: 0,
      modVotes: 0,
      [POSTS_KEYS.queue]: QUEUES.pending,
      [POSTS_KEYS.queuedAt]: sortKeyOf(iso, post.id),
    },
    remove: ['rejectedFor', ...REJECTION_REASONS.map(rejectVoteAttribute)],
    condition: '#status = :from AND attribute_not_exists(#resent)',
    names: { '#status': 'status', '#resent': 'resent' },
    values: { ':from': 'rejected' },
  };
}

/** Adds counters and a condition to an update (e.g. a tally that moves with a status). */
export function withCounters(
  update: ItemUpdate,
  add: Record<string, number>,
  condition: string,
  values: Record<string, unknown>,
): ItemUpdate {
  return {
    ...update,
    add: { ...update.add, ...add },
    condition: `${update.condition} AND ${condition}`,
    values: { ...update.values, ...values },
  };
}

/** UpdateItem / TransactWriteItems Update parameters for an ItemUpdate. */
export function updateParams(update: ItemUpdate): {
  UpdateExpression: string;
  ConditionExpression: string;
  ExpressionAttributeNames: Record<string, string>;
  ExpressionAttributeValues: Record<string, unknown>;
} {
  const names: Record<string, string> = { ...update.names };
  const values: Record<string, unknown> = { ...update.values };
  const clauses: string[] = [];
  const name = (attribute: string, index: number, kind: string) => {
    const placeholder = `#${kind}${index}`;
    names[placeholder] = attribute;
    return placeholder;
  };
  const sets = Object.entries(update.set ?? {}).map(([attribute, value], index) => {
    values[`:s${index}`] = value;
    return `${name(attribute, index, 's')} = :s${index}`;
  });
  if (sets.length > 0) clauses.push(`SET ${sets.join(', ')}`);
  const adds = Object.entries(update.add ?? {}).map(([attribute, value], index) => {
    values[`:a${index}`] = value;
    return `${name(attribute, index, 'a')} :a${index}`;
  });
  if (adds.length > 0) clauses.push(`ADD ${adds.join(', ')}`);
  const removes = (update.remove ?? []).map((attribute, index) => name(attribute, index, 'r'));
  if (removes.length > 0) clauses.push(`REMOVE ${removes.join(', ')}`);
  return {
    UpdateExpression: clauses.join(' '),
    ConditionExpression: update.condition,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
}
