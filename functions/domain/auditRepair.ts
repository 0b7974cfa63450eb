/**
 * The repairs of the drift no stream keeps (`npm run rebuild -- counts|names|targets`, and `npm run
 * audit -- --repair`): each reads as the audit does (./audit.ts), decides here what the fix is, and
 * has the store write it on the condition that what it read still holds. A repair that races a live
 * write therefore never undoes it: the write is left as it is and counted as "changed meanwhile", and
 * a second audit says whether drift remains.
 *
 * - Counters (a post's votes and comments, a comment's votes and replies) are set to what their rows
 *   say, on condition that the counter is still the value read before the rows were read.
 * - An apodo claim whose account does not hold it is freed: it becomes that account's former apodo
 *   (as a rename leaves it: anyone may claim it, and it expires) when the account holds another one,
 *   and is deleted when the account has none or is deleted. An account whose apodo has no claim gets
 *   it back when nobody else's claim holds it; when another account's current claim holds it, two
 *   accounts show one apodo and choosing which keeps it is a person's call: it is left and named.
 * - A saved row or a notification of a post that does not exist is deleted (on condition that the
 *   post still does not exist).
 * Rows of a post or comment that does not exist (votes, comments, replies) are left and named: the
 * counter they would feed is gone, and deleting what people wrote or chose is a person's call.
 */
import { FORMER_NAME_DAYS } from '../contract/authors';
import { accountDrifts, claimDrifts, countDrift, countDriftId, readCounts, readNames } from './audit';
import type { AuditRepairStore, AuditSourceStore, RepairWrite } from './ports/audit';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What one repair did. */
export type RepairDone = {
  /** Items written. */
  fixed: number;
  /** Items left because they changed since they were read (a live write): audit again. */
  changedMeanwhile: number;
  /** Ids left for a person, with why. */
  left: string[];
};

class Tally {
  readonly done: RepairDone = { fixed: 0, changedMeanwhile: 0, left: [] };

  wrote(outcome: RepairWrite): void {
    if (outcome === 'fixed') this.done.fixed++;
    else this.done.changedMeanwhile++;
  }
}

/** Sets every counter that differs from its rows to what they say. */
export async function repairCounts(store: AuditSourceStore & AuditRepairStore): Promise<RepairDone> {
  const tally = new Tally();
  for (const drift of countDrift(await readCounts(store))) {
    if ('orphan' in drift) {
      tally.done.left.push(`${countDriftId(drift)} (${drift.kind}: rows of something that does not exist)`);
    } else if (drift.kind === 'counts.votes') {
      const { agree, deserved } = drift.post;
      tally.wrote(await store.setPostVotes(drift.post.id, { agree, deserved }, drift.rows));
    } else if (drift.kind === 'counts.comments') {
      tally.wrote(await store.setPostComments(drift.post.id, drift.post.comments, drift.rows));
    } else if (drift.kind === 'counts.replies') {
      tally.wrote(await store.setReplyCount(drift.comment.id, drift.comment.replyCount, drift.rows));
    } else {
      tally.wrote(await store.setCommentVotes(drift.comment, drift.rows));
    }
  }
  return tally.done;
}

/**
 * Frees the claims no account holds, then gives accounts back their apodo's claim (in that order: a
 * claim freed first may be the one an account was missing). Each item is read again on its own before
 * the fix is chosen, so what changed since the whole-table read is judged as it is now.
 */
export async function repairNames(store: Pick<AuditSourceStore, 'nameRows'> & AuditRepairStore, now: Date): Promise<RepairDone> {
  const tally = new Tally();
  const { claims, accounts } = await readNames(store);
  for (const [nameKey, claim] of claims) {
    if (!claimDrifts(claim, nameKey, accounts)) continue;
    const current = await store.claimOf(nameKey);
    if (!current || current.former) continue;
    const account = await store.accountOf(current.userId);
    if (account.exists && !account.deleted && account.nameKey === nameKey) continue;
    const keepsAnother = account.exists && !account.deleted && account.nameKey !== undefined;
    tally.wrote(
      await store.freeClaim(
        nameKey,
        { userId: current.userId, account },
        keepsAnother ? { kind: 'former', expiresAt: new Date(now.getTime() + FORMER_NAME_DAYS * DAY_MS) } : { kind: 'delete' },
      ),
    );
  }
  for (const [userId, nameKey] of accounts) {
    if (!accountDrifts(userId, nameKey, claims)) continue;
    const account = await store.accountOf(userId);
    if (!account.exists || account.deleted || account.nameKey === undefined || account.name === undefined) continue;
    const claim = await store.claimOf(account.nameKey);
    if (claim && !claim.former && claim.userId === userId) continue;
    if (claim && !claim.former) {
      tally.done.left.push(`${userId} (names.account: «${account.name}» is also the current apodo of ${claim.userId})`);
      continue;
    }
    tally.wrote(await store.claimFor(userId, { ...account, name: account.name, nameKey: account.nameKey }));
  }
  return tally.done;
}

/** Deletes the saved rows and notifications of posts that do not exist. */
export async function repairTargets(store: AuditSourceStore & AuditRepairStore): Promise<RepairDone> {
  const tally = new Tally();
  const posts = new Set<string>();
  for await (const page of store.postCounters()) for (const post of page) posts.add(post.id);
  for await (const rows of store.savedRows()) {
    for (const { userId, postId } of rows) if (!posts.has(postId)) tally.wrote(await store.deleteSaved(userId, postId));
  }
  for await (const rows of store.notificationRows()) {
    for (const { accountId, key, postId } of rows) {
      if (!posts.has(postId)) tally.wrote(await store.deleteNotification(accountId, key, postId));
    }
  }
  return tally.done;
}
