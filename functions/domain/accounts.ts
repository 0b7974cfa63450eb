/**
 * Accounts: the apodo (the one public name of an account, stored here and never in Cognito), `GET
 * /me`, renaming and deleting an account.
 */
import { ANONYMOUS_NAME, RENAME_RATE_LIMIT, setNameSchema, type Me } from '../contract/accounts';
import { deleteMeSchema } from '../contract/accountData';
import { eraseContent } from './accountData';
import type { BlockStore } from './ports/blocks';
import type { AccountEnding, AccountErasure } from './ports/accountData';
import { checkName } from '../contract/apodos';
import type { Account, Author, SignedIn } from './author';
import { AccountDeletedError, forgetAccountState, isSuspended } from './accountState';
import { DomainError, TooManyRenamesError, ValidationError } from './errors';
import { parseRequest, untilSettled } from './input';
import type { AccountDirectory, AccountName, NameStore, Signature } from './ports/accounts';
import type { NotificationStore } from './ports/notifications';
import type { SuspensionStore } from './ports/moderation';
import { unreadNotifications } from './notifications';
import type { CommentStore } from './ports/comments';
import type { PostRepository } from './ports/posts';
import type { PushSubscriptionStore } from './ports/push';
import { timeOf } from './clock';
import { appealInForce } from './appealView';
import type { AppealStore } from './ports/appeals';

export class NameTakenError extends DomainError {
  constructor() {
    super('NAME_TAKEN');
  }
}

export type NamesDeps = { names: NameStore };
export type RenameDeps = NamesDeps & { posts: PostRepository; comments: Pick<CommentStore, 'setAuthorName'>; now?: () => Date };
export type DeleteAccountDeps = RenameDeps & {
  accounts: AccountDirectory;
  erasure: AccountErasure;
  ending: AccountEnding;
  pushSubscriptions: Pick<PushSubscriptionStore, 'removeAllOf'>;
  blocks: Pick<BlockStore, 'forget'>;
  appeals: Pick<AppealStore, 'removeAllOf'>;
  now?: () => Date;
};

/**
 * How long a deleted account stays marked so: longer than any token Cognito issues lives (an ID
 * token at most a day), so a token taken before the deletion is refused until it expires.
 */
export const DELETED_ACCOUNT_MARK_MS = 2 * 24 * 60 * 60 * 1000;

/** The account's row read again (consistently: a change is conditioned on it), refusing a deleted account. */
async function readAgain(deps: NamesDeps, accountId: string): Promise<AccountName> {
  const row = await deps.names.accountOf(accountId, { consistent: true });
  if (row.deleted) throw new AccountDeletedError();
  return row;
}

/**
 * What an author's new post or comment (or a moderator's log entry) is signed with, from the account
 * row read for the request: their apodo (or «Anonimo» until they choose one) and the row's version, so
 * a rename already under way, whose version is older, does not sign it again with the name it is
 * leaving.
 */
export function signatureOf(row: AccountName): Signature {
  if (row.deleted) throw new AccountDeletedError();
  return { name: row.name?.name ?? ANONYMOUS_NAME, version: row.version };
}

export type ReadMeDeps = {
  notifications: Pick<NotificationStore, 'countUnread'>;
  suspensions: Pick<SuspensionStore, 'get'>;
  appeals: Pick<AppealStore, 'get'>;
  now?: () => Date;
};

/**
 * `GET /me`: the caller's apodo (null until chosen), email, role, the end of a suspension in force and
 * the moderator's reason for it, and how many notifications are unread (up to UNREAD_COUNT_CAP), and
 * its appeal against that suspension. The account row is the one read for the request; the reason is
 * read from the suspension's own record (the one the row names) and the appeal from its own, so they
 * cost two more GetItems only while the account is suspended.
 */
export async function readMe(deps: ReadMeDeps, account: SignedIn<Account>): Promise<Me> {
  const { row } = account;
  if (row.deleted) throw new AccountDeletedError();
  const unread = await unreadNotifications(deps, account);
  const suspended = isSuspended(row, deps.now?.() ?? new Date());
  return {
    name: row.name?.name ?? null,
    email: account.email,
    moderator: account.moderator,
    suspendedUntil: suspended ? (row.suspendedUntil ?? null) : null,
    suspensionReason: suspended ? await suspensionReason(deps, row.suspensionId) : null,
    unreadNotifications: unread,
    appeal: suspended ? await appealInForce(deps, row.suspensionId) : null,
  };
}

/** The reason of the suspension `id` (the one in force), or null when its record is gone or lifted. */
async function suspensionReason(deps: Pick<ReadMeDeps, 'suspensions'>, id: string | undefined): Promise<string | null> {
  if (id === undefined) return null;
  const suspension = await deps.suspensions.get(id);
  return suspension && suspension.liftedAt === undefined ? suspension.reason : null;
}

/**
 * `PUT /me/name`: claims the apodo for the caller (INVALID_NAME, NAME_TAKEN; TOO_MANY_RENAMES past
 * RENAME_RATE_LIMIT claims in its window) and signs their posts with it. The same name again (even in another case) succeeds and signs the posts again, so a
 * rename interrupted half-way is finished by repeating it. Each claim moves the account row's
 * version up and signs with it: of renames racing each other, only the newest claim's name stays on
 * the posts and comments, the one the account holds.
 */
export async function setMyName(deps: RenameDeps, author: SignedIn<Author>, body: unknown): Promise<{ name: string }> {
  const checked = checkName(parseRequest(setNameSchema, body).name);
  if (!checked.ok) throw new ValidationError('INVALID_NAME');
  const wanted = { name: checked.name, key: checked.key };
  // The row read for the request (consistently) is the first claim's condition; a conflict reads it again.
  let read: AccountName | undefined = author.row;
  const signature = await untilSettled(async () => {
    read ??= await readAgain(deps, author.id);
    const at = timeOf(deps);
    // Each claim re-signs every post and comment of the account: RENAME_RATE_LIMIT bounds that work.
    // The times live on the account's row, which the claim writes on the version read: exact at once too.
    const since = at.getTime() - RENAME_RATE_LIMIT.windowMs;
    const recent = (read.renames ?? []).filter((time) => Date.parse(time) > since);
    if (recent.length >= RENAME_RATE_LIMIT.count) throw new TooManyRenamesError();
    const outcome = await deps.names.claim(author.id, wanted, read, at, [...recent, at.toISOString()]);
    if (outcome === 'taken') throw new NameTakenError();
    if (outcome === 'claimed') return { name: wanted.name, version: read.version + 1 };
    read = undefined;
    return undefined;
  });
  await deps.posts.setAuthorName(author.id, signature);
  await deps.comments.setAuthorName(author.id, signature);
  return { name: wanted.name };
}

/**
 * `DELETE /me { content? }`: marks the account deleted and frees its apodo; with `content: "delete"`
 * (recorded on the mark, so a deletion cut short finishes it whatever the next call asks) deletes its
 * posts and comments (eraseContent), otherwise signs them «Anonimo» (they stay, with their votes and
 * comments). Then, either way, the account ends everywhere: its notifications are deleted (none is
 * written after the mark: functions/store/dynamodb/notificationStore.ts), its open sockets closed, its Web
 * Push devices forgotten, and its Cognito user deleted — last, so a failure half-way can be finished
 * by calling again with the same token. Nothing of the account but its opaque id stays on kept
 * posts; no table ever held its email.
 */
export async function deleteMe(deps: DeleteAccountDeps, account: SignedIn<Account>, body: unknown = {}): Promise<void> {
  const { content } = parseRequest(deleteMeSchema, body ?? {});
  const wantsErasure = content === 'delete';
  const expiresAt = new Date(timeOf(deps).getTime() + DELETED_ACCOUNT_MARK_MS);
  // The row read for the request (consistently) is the first mark's condition; a conflict reads it again.
  let row: AccountName | undefined = account.row;
  const marked = await untilSettled(async () => {
    row ??= await deps.names.accountOf(account.id, { consistent: true });
    // Deleted already (a deletion cut short, called again): sign with the version it left.
    if (row.deleted) return { version: row.version, erase: wantsErasure || row.eraseContent === true };
    if (await deps.names.markDeleted(account.id, row, expiresAt, { eraseContent: wantsErasure })) {
      return { version: row.version + 1, erase: wantsErasure };
    }
    row = undefined;
    return undefined;
  });
  forgetAccountState(account.id);
  if (marked.erase) {
    await eraseContent(deps, account.id);
  } else {
    const anonymous = { name: ANONYMOUS_NAME, version: marked.version };
    await deps.posts.setAuthorName(account.id, anonymous);
    await deps.comments.setAuthorName(account.id, anonymous);
  }
  // No notification is written for a marked account; those written before the mark go now.
  await deps.ending.removeNotifications(account.id);
  await deps.ending.closeConnections(account.id);
  // No device hears of the account again (its token can no longer subscribe one: the account is marked).
  await deps.pushSubscriptions.removeAllOf(account.id);
  // Its blocks, and others' blocks of it: a deleted account is nobody to fold or to hear from.
  await deps.blocks.forget(account.id);
  // Its appeals are its own words: they go; the log keeps its entries, as it keeps every other.
  await deps.appeals.removeAllOf(account.id);
  await deps.accounts.deleteAccount(account.username);
}
