/** An account's apodo as stored: as published, and its unique key (contract `nameKey`). */
export type StoredName = { name: string; key: string };

/**
 * An account's row in the names store: its apodo if it has one; `deleted` once the account was deleted;
 * `suspendedUntil` (ISO time) while a moderator's suspension may be in force.
 */
export type AccountName = { name: StoredName | undefined; deleted: boolean; suspendedUntil?: string };

/** Outcome of claiming an apodo. */
export type NameClaim = 'claimed' | 'taken' | 'conflict';

/**
 * Apodos: one row per name, keyed by its unique form, and one per account pointing to it, always
 * written together, so two accounts never hold one name and a rename frees the old one.
 */
export interface NameStore {
  /** The account's apodo, if it has one, and whether it was deleted; `consistent` for read-before-write. */
  accountOf(userId: string, options?: { consistent?: boolean }): Promise<AccountName>;
  /**
   * Gives `userId` the name, atomically: the name row (free, or already this account's), the
   * account's row (still pointing at `previous` as read) and, on a rename, the old name row freed.
   * `taken` when another account holds the name; `conflict` when the account's row changed since
   * it was read, or another write raced this one (the caller reads again and retries).
   */
  claim(userId: string, name: StoredName, previous: StoredName | undefined): Promise<NameClaim>;
  /**
   * Marks the account deleted and frees its apodo (if any), atomically; false when it changed since
   * read. The mark (the account's opaque id and nothing else) outlives every token of the account
   * (`expiresAt`), so a token still valid after the deletion can neither publish nor claim a name.
   */
  markDeleted(userId: string, current: StoredName | undefined, expiresAt: Date): Promise<boolean>;
}

/** The accounts of the user pool, as the API may change them. */
export interface AccountDirectory {
  /** Deletes the account (by its pool username); an account already gone is not an error. */
  deleteAccount(username: string): Promise<void>;
}

/** Who moderates: the members of the `moderadores` group of the user pool. */
export interface ModeratorDirectory {
  /** Whether the account (by its `sub`) is a moderator now. */
  isModerator(accountId: string): Promise<boolean>;
}
