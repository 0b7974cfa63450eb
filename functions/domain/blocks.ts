/**
 * Blocking (docs/api.md): an account stops hearing from another. A block is by account (its `sub`),
 * so it follows the blocked account through renames and is listed under the apodo it holds now; the
 * sub is never shown. The blocked account's content folds for the blocker in the web (from
 * `GET /me/blocks`); no notification with it as the actor reaches the blocker (functions/domain/
 * notifications.ts asks {@link BlockChecker}); the blocked account is never told.
 *
 * A name is found as author pages find it: by its unique key (case, accents, look-alike letters
 * ignored). An apodo the account left by a rename still leads to it for FORMER_NAME_DAYS, as its
 * author page's 301 does, so «Bloquear» on a page reached by an old link blocks the account it shows.
 */
import { ANONYMOUS_NAME } from '../contract/accounts';
import { nameKey } from '../contract/apodos';
import { MAX_AUTHOR_LOOKUP_LENGTH } from '../contract/authors';
import { MAX_BLOCKS, type BlockList } from '../contract/blocks';
import type { Author } from './author';
import { AccountDeletedError } from './accountState';
import { AuthorNotFoundError } from './authors';
import { timeOf, type Clocked } from './clock';
import { DomainError, TooManyChangesError, ValidationError } from './errors';
import type { ActionCounter } from './ports/posts';
import type { BlockStore } from './ports/blocks';

export class TooManyBlocksError extends DomainError {
  constructor() {
    super('TOO_MANY_BLOCKS');
  }
}

export type BlockDeps = Clocked & { blocks: BlockStore; toggles: ActionCounter };

/** The account a name in a path leads to now: AUTHOR_NOT_FOUND for no account (an accountless name, «Anonimo», a deleted one). */
async function accountNamed(deps: Clocked & { blocks: BlockStore }, name: string | undefined): Promise<string> {
  if (name === undefined || name.length === 0 || name.length > MAX_AUTHOR_LOOKUP_LENGTH) throw new AuthorNotFoundError();
  // As author pages: an invisible character would be dropped by the key and lead to a look-alike's account.
  if (/[\p{Cc}\p{Cf}]/u.test(name)) throw new AuthorNotFoundError();
  const key = nameKey(name);
  if (key.length === 0 || key === nameKey(ANONYMOUS_NAME)) throw new AuthorNotFoundError();
  const account = await deps.blocks.accountByNameKey(key);
  if (!account) throw new AuthorNotFoundError();
  // A former apodo leads to its account until then (the TTL deletes the row some time after it).
  if (account.formerUntil !== undefined && Date.parse(account.formerUntil) <= timeOf(deps).getTime()) throw new AuthorNotFoundError();
  return account.userId;
}

async function target(deps: BlockDeps, caller: Author, name: string | undefined): Promise<string> {
  const blockedId = await accountNamed(deps, name);
  if (blockedId === caller.id) throw new ValidationError('CANNOT_BLOCK_YOURSELF');
  // A block or an unblock counts towards TOGGLE_RATE_LIMIT, as a vote or a save does.
  if (!(await deps.toggles.take(caller.id, timeOf(deps)))) throw new TooManyChangesError();
  return blockedId;
}

/**
 * `PUT /me/blocks/{name}`: one more block, unless it is there already (twenty at once leave one row).
 * TOO_MANY_BLOCKS past MAX_BLOCKS: the count is read before the write, so a burst of new blocks at the
 * edge of the cap may pass it by a few (bounded by the toggles' rate limit).
 */
export async function blockAuthor(deps: BlockDeps, caller: Author, name: string | undefined): Promise<void> {
  const blockedId = await target(deps, caller, name);
  const blocked = await deps.blocks.blockedBy(caller.id);
  if (blocked.includes(blockedId)) return;
  if (blocked.length >= MAX_BLOCKS) throw new TooManyBlocksError();
  const written = await deps.blocks.block(caller.id, blockedId, timeOf(deps));
  if (written === 'deleted') throw new AccountDeletedError();
  if (written === 'gone') throw new AuthorNotFoundError();
}

/** `DELETE /me/blocks/{name}`: the block goes (nothing happens when there was none). */
export async function unblockAuthor(deps: BlockDeps, caller: Author, name: string | undefined): Promise<void> {
  await deps.blocks.unblock(caller.id, await target(deps, caller, name));
}

/** The apodos the caller's blocked accounts hold now, alphabetically as Spanish sorts them. */
export async function blockedNames(deps: { blocks: BlockStore }, accountId: string): Promise<string[]> {
  const ids = await deps.blocks.blockedBy(accountId);
  if (ids.length === 0) return [];
  const names = await deps.blocks.namesOf(ids);
  return [...names.values()].sort((a, b) => a.localeCompare(b, 'es', { sensitivity: 'base' }));
}

/** `GET /me/blocks`. */
export async function readBlocks(deps: { blocks: BlockStore }, caller: Author): Promise<BlockList> {
  return { names: await blockedNames(deps, caller.id) };
}
