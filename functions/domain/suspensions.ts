/**
 * Suspensions (docs/api.md): a moderator suspends the author of a post or a comment for some days or
 * for good, saying why; the account is then refused every write (functions/domain/accountState.ts)
 * and its pending posts leave the queue, rejected as `otro`. Moderators list the suspensions in
 * force and lift them. Each suspension and lift is written with its log entry in one transaction.
 */
import { randomUUID } from 'node:crypto';
import { ANONYMOUS_NAME, PERMANENT_SUSPENSION } from '../contract/accounts';
import { suspensionRequestSchema, type Suspension, type SuspensionPage } from '../contract/moderation';
import type { NamesDeps } from './accounts';
import { forgetAccountState } from './accountState';
import type { Caller, SignedIn } from './author';
import { timeOf } from './clock';
import { encodeCursor, sortKeyOf, resumeAfter, type PageParams } from './cursor';
import { CommentNotFoundError, DomainError, ForbiddenError, PostNotFoundError } from './errors';
import { isPostId, parseLimit, parseRequest, untilSettled } from './input';
import { logEntry } from './moderationLog';
import type { ModeratorDirectory } from './ports/accounts';
import type { CommentStore } from './ports/comments';
import type { StoredSuspension, SuspensionStore } from './ports/moderation';
import type { PostRepository } from './ports/posts';

export class AlreadySuspendedError extends DomainError {
  constructor() {
    super('ALREADY_SUSPENDED');
  }
}

export class SuspensionNotFoundError extends DomainError {
  constructor() {
    super('SUSPENSION_NOT_FOUND');
  }
}

export class AccountNotFoundError extends DomainError {
  constructor() {
    super('ACCOUNT_NOT_FOUND');
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;

export type SuspendDeps = NamesDeps & {
  suspensions: Pick<SuspensionStore, 'suspend'>;
  posts: Pick<PostRepository, 'get' | 'changeStatus' | 'pendingOf'>;
  comments: Pick<CommentStore, 'get'>;
  moderators: ModeratorDirectory;
  now?: () => Date;
};

/** The contract's view of a suspension: apodos, no account ids. */
export function publicSuspension({ id, name, until, reason, createdAt, by }: StoredSuspension): Suspension {
  return { id, name, until, reason, createdAt, by };
}

/**
 * `POST /moderation/suspensions`: suspends the author of the post or comment named. FORBIDDEN for a
 * non-moderator and when the author is a moderator; 404 for an unknown post or comment, or an author
 * whose account was deleted; ALREADY_SUSPENDED (409) while a suspension is in force — so twenty
 * identical requests at once make one suspension, and the other nineteen learn it exists. Either
 * way the account's pending posts are then rejected (`otro`): a repeated request finishes a sweep
 * cut short, and catches a post sent in the seconds before every container saw the suspension.
 */
export async function suspendAuthor(deps: SuspendDeps, caller: SignedIn, body: unknown): Promise<Suspension> {
  if (!caller.moderator) throw new ForbiddenError();
  const request = parseRequest(suspensionRequestSchema, body);
  const accountId = await authorOf(deps, request);
  if (accountId === caller.id || (await deps.moderators.isModerator(accountId))) throw new ForbiddenError();
  const account = await deps.names.accountOf(accountId, { consistent: true });
  if (account.deleted) throw new AccountNotFoundError();

  const now = timeOf(deps);
  const id = randomUUID();
  const reason = request.reason.trim();
  const log = logEntry(caller, 'suspend', { type: 'account', id }, reason, now);
  const suspension: StoredSuspension = {
    id,
    accountId,
    name: account.name?.name ?? ANONYMOUS_NAME,
    until: request.days === null ? PERMANENT_SUSPENSION : new Date(now.getTime() + request.days * DAY_MS).toISOString(),
    reason,
    createdAt: now.toISOString(),
    by: log.by,
    byId: caller.id,
  };
  const outcome = await deps.suspensions.suspend(suspension, log, now);
  if (outcome === 'gone') throw new AccountNotFoundError();
  // This container stops trusting what it knew of the account (others within ACCOUNT_STATE_TTL_MS).
  forgetAccountState(accountId);
  await rejectPendingPosts(deps, accountId);
  if (outcome === 'already') throw new AlreadySuspendedError();
  return publicSuspension(suspension);
}

/** The account behind the post or comment the request names (404 when there is none). */
async function authorOf(deps: SuspendDeps, request: { postId?: string; commentId?: string }): Promise<string> {
  if (request.postId !== undefined) {
    const post = isPostId(request.postId) ? await deps.posts.get(request.postId, { consistent: true }) : undefined;
    if (!post) throw new PostNotFoundError();
    return post.authorId;
  }
  const comment = isPostId(request.commentId) ? await deps.comments.get(request.commentId, { consistent: true }) : undefined;
  if (!comment) throw new CommentNotFoundError();
  return comment.authorId;
}

/**
 * Rejects (`otro`) each pending post of the account, one conditional update each: a post a vote
 * decided meanwhile keeps that decision, and a vote arriving after finds it no longer pending.
 */
async function rejectPendingPosts(deps: SuspendDeps, accountId: string): Promise<void> {
  let after: string | undefined;
  do {
    const page = await deps.posts.pendingOf(accountId, after);
    for (const found of page.items) {
      await untilSettled(async () => {
        const post = await deps.posts.get(found.id, { consistent: true });
        if (!post || post.status !== 'pending') return true;
        return (await deps.posts.changeStatus(post, 'rejected', timeOf(deps), { rejectedFor: 'otro' })) || undefined;
      });
    }
    after = page.next;
  } while (after !== undefined);
}

export type SuspensionListDeps = { suspensions: Pick<SuspensionStore, 'suspensions'>; now?: () => Date };

/** Reads of the list stop after this many Queries, returning a shorter page (still with a cursor). */
const LIST_READS = 5;

/**
 * `GET /moderation/suspensions`: the suspensions in force, newest first (moderators only). Lifted
 * ones are not in the index; ended ones are skipped as they are read.
 */
export async function listSuspensions(deps: SuspensionListDeps, caller: Caller, params: PageParams): Promise<SuspensionPage> {
  if (!caller.moderator) throw new ForbiddenError();
  const limit = parseLimit(params.limit);
  let after = resumeAfter(params);
  const now = timeOf(deps).toISOString();
  const items: StoredSuspension[] = [];
  for (let read = 0; read < LIST_READS && items.length < limit; read++) {
    const page = await deps.suspensions.suspensions(limit - items.length, after);
    items.push(...page.items.filter((suspension) => suspension.until > now));
    const last = page.items.at(-1);
    after = page.next && last ? sortKeyOf(last.createdAt, last.id) : undefined;
    if (after === undefined) break;
  }
  return { items: items.map(publicSuspension), nextCursor: after !== undefined ? encodeCursor(after) : null };
}

export type LiftDeps = { suspensions: Pick<SuspensionStore, 'get' | 'lift'>; now?: () => Date };

/**
 * `DELETE /moderation/suspensions/{id}`: lifts a suspension in force (moderators only); the account
 * writes again at once (accountState never caches a suspended account's row). SUSPENSION_NOT_FOUND
 * for an unknown id, one already lifted, or one that has ended.
 */
export async function liftSuspension(deps: LiftDeps, caller: SignedIn, id: string | undefined): Promise<void> {
  if (!caller.moderator) throw new ForbiddenError();
  if (!isPostId(id)) throw new SuspensionNotFoundError();
  await untilSettled(async () => {
    const suspension = await deps.suspensions.get(id);
    const now = timeOf(deps);
    if (!suspension || suspension.liftedAt !== undefined || suspension.until <= now.toISOString()) throw new SuspensionNotFoundError();
    const log = logEntry(caller, 'lift', { type: 'account', id }, null, now);
    if (!(await deps.suspensions.lift(suspension, log))) return undefined;
    forgetAccountState(suspension.accountId);
    return true;
  });
}
