/**
 * The life of a post, as pure rules:
 *
 *   pending ──(net +MARGIN, or a moderator)──▶ published ──(REPORTS_TO_HIDE reports)──▶ hidden
 *      │                                         ▲    │                                  │
 *      └──(net −MARGIN, or a moderator)──▶ rejected   └──── moderator restores ◀─────────┘
 *
 * and from any state but `removed`, deleting (its author or a moderator) makes it `removed`. Only
 * `published` posts are in the feeds, random reads, permalinks and live messages.
 */
import {
  MODERATION_MARGIN,
  REPORT_REASONS,
  type ModerationDecision,
  type PendingPost,
  type ReportReason,
  type ReportSummary,
} from '../contract/moderation';
import { REJECTION_REASONS, type OwnPost, type Post, type PostStatus, type RejectionReason } from '../contract/posts';
import type { StoredPost } from './ports/posts';

const TRANSITIONS: Record<PostStatus, readonly PostStatus[]> = {
  pending: ['published', 'rejected', 'removed'],
  published: ['hidden', 'removed'],
  hidden: ['published', 'removed'],
  rejected: ['removed'],
  removed: [],
};

export function canMove(from: PostStatus, to: PostStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

/** A pending post's status once its net moderation score is `score`. */
export function statusForScore(score: number): PostStatus {
  if (score >= MODERATION_MARGIN) return 'published';
  if (score <= -MODERATION_MARGIN) return 'rejected';
  return 'pending';
}

/**
 * Where a moderator's decision takes a post: publish (or restore) it, or reject it — which for a
 * post already published and then hidden means removing it. Undefined when there is nothing to
 * decide (only pending and hidden posts await a moderator).
 */
export function decisionTarget(from: PostStatus, decision: ModerationDecision): PostStatus | undefined {
  if (from === 'pending') return decision === 'publish' ? 'published' : 'rejected';
  if (from === 'hidden') return decision === 'publish' ? 'published' : 'removed';
  return undefined;
}

/** The public view of a published post. */
export function publicPost(post: StoredPost): Post {
  return {
    id: post.id,
    name: post.name,
    category: post.category,
    post: post.post,
    createdAt: post.createdAt,
    publishedAt: post.publishedAt ?? post.createdAt,
    votes: { agree: post.votes.agree, deserved: post.votes.deserved },
    comments: post.comments,
  };
}

/**
 * Why a rejected post was rejected: the moderator's reason (or a suspension's, `otro`), else the
 * most-voted reason among the community's reject votes (a tie goes to the reason listed first in
 * REJECTION_REASONS, `otro` last); null while the post is not rejected.
 */
export function rejectionOf(post: Pick<StoredPost, 'status' | 'rejectedFor' | 'rejectVotes'>): { reason: RejectionReason } | null {
  if (post.status !== 'rejected') return null;
  if (post.rejectedFor) return { reason: post.rejectedFor };
  let reason: RejectionReason = 'otro';
  let most = 0;
  for (const candidate of REJECTION_REASONS) {
    const count = post.rejectVotes?.[candidate] ?? 0;
    if (count > most) [reason, most] = [candidate, count];
  }
  return { reason };
}

/** The author's view: every status, `publishedAt` null until published, why it was rejected, whether it was resent. */
export function ownPost(post: StoredPost): OwnPost {
  return {
    ...publicPost(post),
    publishedAt: post.publishedAt,
    status: post.status,
    rejection: rejectionOf(post),
    resent: post.resent === true,
  };
}

/** What a moderating user sees: no author. */
export function pendingPost(post: StoredPost): PendingPost {
  return { id: post.id, category: post.category, post: post.post, createdAt: post.createdAt };
}

/** How an item was reported: its count, and each reason given with how many gave it, most given first (ties in list order). */
export function reportSummary(item: { reports: number; reportReasons?: Partial<Record<ReportReason, number>> }): ReportSummary {
  const reasons = REPORT_REASONS.flatMap((reason) => {
    const count = item.reportReasons?.[reason] ?? 0;
    return count > 0 ? [{ reason, count }] : [];
  }).sort((a, b) => b.count - a.count);
  return { count: item.reports, reasons };
}
