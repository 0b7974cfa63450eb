/**
 * An account's own data: the copy it downloads (`GET /me/export`), and the erasure of what it wrote
 * when it is deleted with `content: "delete"`.
 */
import { ANONYMOUS_NAME } from '../contract/accounts';
import type { AccountExport } from '../contract/accountData';
import type { Account, SignedIn } from './author';
import { AccountDeletedError } from './accountState';
import { blockedNames } from './blocks';
import { timeOf } from './clock';
import { RateLimitedError } from './errors';
import { ownPost } from './lifecycle';
import { publicNotification } from './notifications';
import type { AccountDataReader, AccountErasure, ExportLimiter } from './ports/accountData';
import type { BlockStore } from './ports/blocks';
import type { StoredComment } from './ports/comments';
import { publicComment } from './commentView';
import type { AppealStore } from './ports/appeals';

export type ExportDeps = {
  data: AccountDataReader;
  limiter: ExportLimiter;
  blocks: BlockStore;
  appeals: Pick<AppealStore, 'ofAccount'>;
  now?: () => Date;
};

/**
 * `GET /me/export`: everything the site keeps of the caller, read with bounded Queries (a page at a
 * time, never a Scan). The download takes one of the day's slots first (RATE_LIMITED past
 * EXPORT_RATE_LIMIT), so twenty at once give exactly the limit.
 */
export async function exportMyData(deps: ExportDeps, account: SignedIn<Account>): Promise<AccountExport> {
  if (account.row.deleted) throw new AccountDeletedError();
  const now = timeOf(deps);
  if (!(await deps.limiter.take(account.id, now))) throw new RateLimitedError();
  const { data } = deps;
  const [createdAt, posts, comments, votes, saved, notifications, reports, pushDevices, blocks, commentVotes, appeals] = await Promise.all([
    data.createdAt(account.username),
    data.posts(account.id),
    data.comments(account.id),
    data.votes(account.id),
    data.saved(account.id),
    data.notifications(account.id),
    data.reports(account.id),
    data.pushDevices(account.id),
    blockedNames(deps, account.id),
    data.commentVotes(account.id),
    deps.appeals.ofAccount(account.id),
  ]);
  return {
    exportedAt: now.toISOString(),
    account: { name: account.row.name?.name ?? null, email: account.email, createdAt, moderator: account.moderator },
    posts: posts.map(ownPost),
    comments: comments.map((comment) => ({ ...publicComment(comment), status: comment.status })),
    votes,
    commentVotes: commentVotes.map(({ commentId, vote }) => ({ commentId, vote })),
    saved,
    notifications: notifications.map(publicNotification),
    reports,
    pushDevices,
    blocks,
    appeals: appeals.map(({ id, text, createdAt, decision, reply }) => ({ id, text, createdAt, decision, reply })),
  };
}

/**
 * Deletes every post and comment of a deleted account, so nothing it wrote stays anywhere. Each step
 * deletes a source row, and what is derived from it follows: a published post's deletion reaches the
 * posts stream, whose readers broadcast `post.removed` and take it out of the Top and the search
 * index; its author page and totals are read from the posts themselves. A visible comment leaves in
 * one transaction with its post's count. A notification of someone else that names the account as the
 * latest commenter is counted down, or deleted when only its comments were in it, before they go.
 * Every step is idempotent, so a deletion cut short is finished by running it again; it reads the
 * author's indexes again until a round finds nothing left to delete, so a post or comment stored while the account was being
 * marked deleted is found on the next round.
 */
export async function eraseContent(deps: { erasure: AccountErasure }, accountId: string): Promise<{ posts: number; comments: number }> {
  const { erasure } = deps;
  const erased = { posts: 0, comments: 0 };
  for (let round = 0; round < MAX_ERASE_ROUNDS; round++) {
    let found = 0;
    const comments = await erasure.commentsOf(accountId);
    const byPost = new Map<string, StoredComment[]>();
    for (const comment of comments) byPost.set(comment.postId, [...(byPost.get(comment.postId) ?? []), comment]);
    for (const [postId, ofPost] of byPost) {
      const visible = ofPost.filter((comment) => comment.status === 'visible');
      if (visible.length > 0) await erasure.unquote(postId, accountId, new Set(visible.map((comment) => comment.name)), visible.length);
      for (const comment of ofPost) {
        if (!(await erasure.eraseComment(comment))) continue;
        erased.comments++;
        found++;
      }
    }
    const posts = await erasure.postsOf(accountId);
    for (const post of posts) {
      if (!(await erasure.erasePost(post))) continue;
      erased.posts++;
      found++;
    }
    // Indexes lag their table a little: a round that found only items already gone has nothing left.
    if (found === 0) return erased;
  }
  throw new Error(`The content of ${accountId} kept growing under ${MAX_ERASE_ROUNDS} rounds of erasure`);
}

/** Rounds of erasure before giving up (each reads the author's indexes again: a round finds only late arrivals). */
const MAX_ERASE_ROUNDS = 5;

/** The name a notification shows in place of a deleted account's apodo while others' comments stay in it. */
export const UNQUOTED_NAME = ANONYMOUS_NAME;
