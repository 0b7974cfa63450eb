/**
 * The state of the account behind a token, checked on every signed-in route in one place (the HTTP
 * edge, functions/handlers/http/http.ts), not route by route: a token stays valid for up to an hour
 * after its account is deleted or suspended (docs/api.md, "Account state").
 *
 * - deleted → 401 ACCOUNT_DELETED on every route, reads included (but `DELETE /me`, which only
 *   finishes the deletion: see RouteKind);
 * - suspended (until a time still to come) → 403 ACCOUNT_SUSPENDED on every write but those a
 *   suspended account keeps: deleting its own content and its account, and marking its own
 *   notifications read. Reads stay open: the account can see why and until when.
 */
import type { AccountRule } from '../contract/routes';
import type { Author } from './author';
import { DomainError } from './errors';
import type { AccountName, NameStore } from './ports/accounts';

export class AccountDeletedError extends DomainError {
  constructor() {
    super('ACCOUNT_DELETED');
  }
}

export class AccountSuspendedError extends DomainError {
  constructor() {
    super('ACCOUNT_SUSPENDED');
  }
}

/**
 * What a route does, as the account-state check sees it (each route's rule is in the contract's route
 * table): `read` (any GET), `write`, `kept` — a write a suspended account may still make (deleting
 * its own post or comment) — or `accountDeletion` (`DELETE /me`), the one call a deleted account's
 * token may still make: it only finishes a deletion that was cut short (re-signing what is left
 * «Anonimo», removing the Cognito user), so a failure half-way never leaves the account's content
 * under a name it no longer holds.
 */
export type RouteKind = AccountRule;

/**
 * How long one container trusts an account's state it read: a deletion or a suspension reaches every
 * container within this time (the container that deletes or suspends the account forgets it at
 * once). Short, so a moderator's suspension stops an abuser within seconds; long enough that a burst
 * of one person's requests is one read. A row with a suspension in force is never kept, so a lift
 * reaches every container at once: the account may write again on its next request.
 */
export const ACCOUNT_STATE_TTL_MS = 5_000;

type Cached = { row: AccountName; readAt: number };

/** Account rows read by this container, by account id (bounded: the oldest entries go first). */
const cache = new Map<string, Cached>();
const CACHE_LIMIT = 10_000;

export type AccountStateDeps = { names: Pick<NameStore, 'accountOf'>; now?: () => Date };

/** Whether a suspension read from the account row is in force at `now`. */
export function isSuspended(row: Pick<AccountName, 'suspendedUntil'>, now: Date): boolean {
  return row.suspendedUntil !== undefined && Date.parse(row.suspendedUntil) > now.getTime();
}

/**
 * How fresh the account row must be for what the request does with it besides the state check:
 * - `state`: only the check; a row this container read within ACCOUNT_STATE_TTL_MS will do;
 * - `current`: the request shows the apodo (`GET /me`) or signs with it and its version (a post, a
 *   comment, a moderator's log entry): read now, so a rename a moment ago in another container is seen;
 * - `consistent`: a change is conditioned on the row as read (a rename, the deletion): read now,
 *   strongly consistent.
 */
export type AccountRead = 'state' | 'current' | 'consistent';

/**
 * Refuses the caller when its account's state forbids the route (ACCOUNT_DELETED,
 * ACCOUNT_SUSPENDED); returns the row it read, so the use case that needs it reads nothing again.
 */
export async function assertAccountAllows(
  deps: AccountStateDeps,
  caller: Author,
  kind: RouteKind,
  read: AccountRead = 'state',
): Promise<AccountName> {
  const now = deps.now?.() ?? new Date();
  const row = await accountRow(deps, caller.id, now.getTime(), read);
  if (row.deleted && kind !== 'accountDeletion') throw new AccountDeletedError();
  if (kind === 'write' && isSuspended(row, now)) throw new AccountSuspendedError();
  return row;
}

/** Drops what this container knows of the account (its state just changed here). */
export function forgetAccountState(accountId: string): void {
  cache.delete(accountId);
}

async function accountRow(deps: AccountStateDeps, accountId: string, nowMs: number, read: AccountRead): Promise<AccountName> {
  const cached = read === 'state' ? cache.get(accountId) : undefined;
  if (cached && nowMs - cached.readAt < ACCOUNT_STATE_TTL_MS) return cached.row;
  const row = await deps.names.accountOf(accountId, { consistent: read === 'consistent' });
  cache.delete(accountId);
  // Only what a moderator's lift cannot undo is kept: an account not suspended now, or deleted.
  if (isSuspended(row, new Date(nowMs)) && !row.deleted) return row;
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  cache.set(accountId, { row, readAt: nowMs });
  return row;
}
