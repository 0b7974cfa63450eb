/**
 * Community moderation (votes on pending posts), moderators' decisions, and reports. Every change
 * is a conditional write on the post as it was read, so concurrent requests settle to one outcome:
 * a post is published or rejected once, a tally always equals the votes stored.
 */
import {
  REPORTS_TO_HIDE,
  SKIP_HOURS,
  moderationDecisionSchema,
  moderationVoteSchema,
  reportSchema,
  type ModerationResult,
  type ModerationToday,
  type ModerationVote,
  type ModerationVoteResult,
  type PendingPost,
  type PendingPostPage,
  type ReportedItems,
} from '../contract/moderation';
import { pageAnswer, resumeAfter, type PageParams } from './cursor';
import { madridDate } from './periods';
import type { Caller, SignedIn } from './author';
import { AlreadyReportedError, AlreadyVotedError, ForbiddenError, OwnPostError, PostNotFoundError, QueueEmptyError } from './errors';
import { parseLimit, parseRequest, postIdFrom, untilSettled } from './input';
import { decisionTarget, ownPost, pendingPost, reportSummary, statusForScore } from './lifecycle';
import { hiddenComments } from './comments';
import type { CommentStore } from './ports/comments';
import type { ModerationStore } from './ports/moderation';
import type { PostRepository, StoredPost } from './ports/posts';
import { timeOf } from './clock';
import { logEntry } from './moderationLog';

export type ModerationDeps = { posts: PostRepository; moderation: ModerationStore; now?: () => Date };
/** What moderators' own decisions need: the posts, and their apodo for the log. */
export type DecisionDeps = { posts: PostRepository; now?: () => Date };
/** The reported queue: hidden posts and hidden comments. */
export type ReportedDeps = { posts: PostRepository; comments: Pick<CommentStore, 'hidden'> };

/** Queue entries read per step, and steps at most, for one `nextForModeration`: a bounded read. */
export const QUEUE_BATCH = 25;
/**
 * The queue entries read at once after the first batch, by a voter who has passed on (voted on or
 * skipped) everything before: one BatchGetItem of 100 keys checks 50 of them, so 100 is two.
 */
export const QUEUE_DEEP_BATCH = 100;

/** Most hidden posts listed for moderators at once (oldest first: the longest waiting). */
export const REPORTED_LIST_LIMIT = 100;

/**
 * The oldest pending post the caller may vote on: not theirs, not one they voted on or skipped in the
 * last SKIP_HOURS. Reads the queue oldest first until it finds one or the queue ends — QUEUE_EMPTY is
 * said only when nothing is left for the caller, however many they passed on. A first batch of
 * QUEUE_BATCH serves most voters in one Query and one BatchGetItem; each later batch of
 * QUEUE_DEEP_BATCH costs one Query and two BatchGetItems, so the reads grow with what the caller
 * passed on at the head of the queue (100 skipped: three Queries), never with the rest of it.
 */
export async function nextForModeration(deps: ModerationDeps, caller: Caller): Promise<PendingPost> {
  let after: string | undefined;
  let limit = QUEUE_BATCH;
  for (;;) {
    const { items, next } = await deps.posts.pendingQueue({ excludeAuthorId: caller.id, limit, after });
    const candidates = items.filter((post) => post.status === 'pending' && post.authorId !== caller.id);
    if (candidates.length > 0) {
      const voted = await deps.moderation.passedOn(caller.id, candidates, timeOf(deps));
      const found = candidates.find((post) => !voted.has(post.id));
      if (found) return pendingPost(found);
    }
    if (next === undefined) throw new QueueEmptyError();
    after = next;
    limit = QUEUE_DEEP_BATCH;
  }
}

/**
 * A signed-in user's vote on a pending post. The vote and the tally move in one transaction, and so
 * does the status when the net score reaches ±MODERATION_MARGIN; a vote that lost a race is tried
 * again on the post as it now is (and may then find it decided: POST_NOT_FOUND).
 */
export async function voteOnPost(
  deps: ModerationDeps,
  caller: Caller,
  id: string | undefined,
  body: unknown,
): Promise<ModerationVoteResult> {
  const postId = postIdFrom(id);
  const { vote, reason } = parseRequest(moderationVoteSchema, body);
  return untilSettled(async () => {
    const post = await deps.posts.get(postId, { consistent: true });
    if (!post || post.status !== 'pending') throw new PostNotFoundError();
    if (post.authorId === caller.id) throw new OwnPostError();
    const outcome = statusForScore(post.moderation.score + (vote === 'publish' ? 1 : -1));
    const written = await deps.moderation.recordVote({
      post,
      userId: caller.id,
      vote,
      ...(vote === 'reject' ? { reason: reason ?? 'otro' } : {}),
      at: timeOf(deps),
      outcome,
    });
    if (written === 'duplicate') throw new AlreadyVotedError();
    return written === 'recorded' ? { status: outcome, tally: tallyAfter(post, vote) } : undefined;
  });
}

/** The post's publish and reject votes once `vote` is added to its tally as read. */
function tallyAfter(post: StoredPost, vote: ModerationVote): ModerationVoteResult['tally'] {
  const votes = post.moderation.votes + 1;
  const score = post.moderation.score + (vote === 'publish' ? 1 : -1);
  return { publish: (votes + score) / 2, reject: (votes - score) / 2 };
}

/**
 * «Saltar»: the caller does not want to judge this pending post now; GET /moderation/next leaves it
 * out for them for SKIP_HOURS (a second skip starts the time again). Only a pending post that is not
 * the caller's can be skipped.
 */
export async function skipPost(deps: ModerationDeps, caller: Caller, id: string | undefined): Promise<void> {
  const postId = postIdFrom(id);
  const post = await deps.posts.get(postId);
  if (!post || post.status !== 'pending') throw new PostNotFoundError();
  if (post.authorId === caller.id) throw new OwnPostError();
  await deps.moderation.recordSkip(caller.id, post.id, new Date(timeOf(deps).getTime() + SKIP_HOURS * 60 * 60 * 1000));
}

/** Every pending post, oldest first, a page at a time (one Query), for moderators to decide any of them. */
export async function listPending(deps: Pick<ModerationDeps, 'posts'>, caller: Caller, params: PageParams): Promise<PendingPostPage> {
  if (!caller.moderator) throw new ForbiddenError();
  return pageAnswer(await deps.posts.pendingPage(parseLimit(params.limit), resumeAfter(params)), pendingPost);
}

/** How many moderation votes the caller cast today (Europe/Madrid): one GetItem. */
export async function readToday(deps: Pick<ModerationDeps, 'moderation' | 'now'>, caller: Caller): Promise<ModerationToday> {
  return { votesToday: await deps.moderation.votesOn(caller.id, madridDate(timeOf(deps))) };
}

/**
 * A moderator decides at once: on a pending post (publish, or reject with a reason: `otro` when none
 * is given) or on one hidden by reports (restore it, or remove it). Anyone else: FORBIDDEN. The
 * change and its log entry are one transaction.
 */
export async function decideOnPost(deps: DecisionDeps, caller: SignedIn, id: string | undefined, body: unknown): Promise<ModerationResult> {
  if (!caller.moderator) throw new ForbiddenError();
  const postId = postIdFrom(id);
  const { decision, reason } = parseRequest(moderationDecisionSchema, body);
  return untilSettled(async () => {
    const post = await deps.posts.get(postId, { consistent: true });
    const to = post ? decisionTarget(post.status, decision) : undefined;
    if (!post || !to) throw new PostNotFoundError();
    // A moderator is a voter like any other on their own writing: someone else decides it.
    if (post.authorId === caller.id) throw new OwnPostError();
    const at = timeOf(deps);
    const rejectedFor = to === 'rejected' ? (reason ?? 'otro') : undefined;
    const action = post.status === 'pending' ? decision : to === 'published' ? 'restore' : 'remove';
    const log = logEntry(caller, action, { type: 'post', id: post.id }, rejectedFor ?? reason ?? null, at);
    return (await deps.posts.changeStatus(post, to, at, { rejectedFor, log })) ? { status: to } : undefined;
  });
}

/** What reports have hidden, for moderators to decide on. */
export async function listReported(deps: ReportedDeps, caller: Caller): Promise<ReportedItems> {
  if (!caller.moderator) throw new ForbiddenError();
  const [posts, comments] = await Promise.all([deps.posts.hidden(REPORTED_LIST_LIMIT), hiddenComments(deps)]);
  return {
    posts: posts.filter((post) => post.status === 'hidden').map((post) => ({ ...ownPost(post), reports: reportSummary(post) })),
    comments,
  };
}

/**
 * Reports a published post, once per user. The report and the count move in one transaction; the
 * REPORTS_TO_HIDE-th distinct reporter also hides the post until a moderator decides.
 */
export async function reportPost(deps: ModerationDeps, caller: Caller, id: string | undefined, body: unknown): Promise<void> {
  const postId = postIdFrom(id);
  const { reason } = parseRequest(reportSchema, body);
  await untilSettled(async () => {
    const post = await deps.posts.get(postId, { consistent: true });
    if (!post || post.status !== 'published') throw new PostNotFoundError();
    const hide = post.reports + 1 >= REPORTS_TO_HIDE;
    const written = await deps.moderation.recordReport({ post, userId: caller.id, reason, at: timeOf(deps), hide });
    if (written === 'duplicate') throw new AlreadyReportedError();
    return written === 'recorded' || undefined;
  });
}
