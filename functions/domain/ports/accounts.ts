/** An account's apodo as stored: as published, and its unique key (contract `nameKey`). */
export type StoredName = { name: string; key: string };

/**
 * An account's row in the names store: its apodo if it has one; `deleted` once the account was deleted;
 * `suspendedUntil` (ISO time) while a moderator's suspension may be in force, and `suspensionId`, the
 * suspension that set it (its record holds the reason); `version`, which every
 * change of the apodo (a rename, the deletion) moves up by one — posts and comments are signed with
 * the version of the name they carry, so a slower re-signing never overwrites a newer one; `renames`,
 * when the times (ISO) of the account's recent claims of an apodo, kept by each claim for RENAME_RATE_LIMIT.
 */
export type AccountName = {
  name: StoredName | undefined;
  deleted: boolean;
  /** Set with `deleted` when the account's posts and comments are to be deleted too (until that is done). */
  eraseContent?: true;
  suspendedUntil?: string;
  suspensionId?: string;
  version: number;
  renames?: string[];
};

/** The account's name as read: what a change is conditioned on (the row must still say it). */
export type NameAsRead = Pick<AccountName, 'name' | 'version'>;

/** What signs an author's items: the name and the version of the account row it was read from. */
export type Signature = { name: string; version: number };

/** Outcome of claiming an apodo. */
export type NameClaim = 'claimed' | 'taken' | 'conflict';

/**
 * Apodos: one row per name, keyed by its unique form, and one per account pointing to it, always
 * written together, so two accounts never hold one name; a rename keeps the old one as the account's
 * former apodo (it leads to the account for FORMER_NAME_DAYS) until someone else claims it.
 */
export interface NameStore {
  /** The account's apodo, if it has one, and whether it was deleted; `consistent` for read-before-write. */
  accountOf(userId: string, options?: { consistent?: boolean }): Promise<AccountName>;
  /**
   * Gives `userId` the name, atomically: the name row (free, already this account's, or any
   * account's former apodo), the account's row (still at the version read; its version then moves to
   * `read.version + 1`, its other attributes such as a suspension kept) and, on a rename, the old
   * name row kept as the account's former apodo, expiring FORMER_NAME_DAYS after `at`.
   * `taken` when another account holds the name; `conflict` when the account's row changed since
   * it was read, or another write raced this one (the caller reads again and retries). The account's
   * first claim also records `at` as since when it has an apodo (its author page's «Desde»), and every
   * claim stores `renames` on the account's row (the recent claims, this one included).
   */
  claim(userId: string, name: StoredName, read: NameAsRead, at: Date, renames: string[]): Promise<NameClaim>;
  /**
   * Marks the account deleted and frees its apodo (if any), atomically, moving its version to
   * `read.version + 1`; false when it changed since read. The mark (the account's opaque id and nothing else) outlives every token of the account
   * (`expiresAt`), so a token still valid after the deletion can neither publish nor claim a name.
   * `eraseContent` records, in the same write, that its posts and comments are to be deleted, so a
   * deletion cut short finishes the erasure whatever the next call asks.
   */
  markDeleted(userId: string, read: NameAsRead, expiresAt: Date, options?: { eraseContent?: boolean }): Promise<boolean>;
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
