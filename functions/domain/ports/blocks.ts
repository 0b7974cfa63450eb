import type { NamedAccount } from './authors';

/** What storing a block did. */
export type BlockWrite = 'blocked' | 'exists' | 'deleted' | 'gone';

/** Whether one account blocked another: what every notification with an actor asks before it is written. */
export interface BlockChecker {
  /** One GetItem of the (account, blocked) row. */
  isBlocked(accountId: string, blockedId: string): Promise<boolean>;
}

/** Blocks (functions/store/tables.ts BLOCKS_TABLE): at most one row per account and account it blocked. */
export interface BlockStore extends BlockChecker {
  /** The account an apodo's unique key leads to, as author pages find it (a former apodo: `formerUntil`). */
  accountByNameKey(key: string): Promise<NamedAccount | undefined>;
  /**
   * Stores the block unless it is there (`exists`: it keeps its first time), if neither account is
   * marked deleted: `deleted` when the blocker is, `gone` when the blocked one is (nothing written).
   */
  block(accountId: string, blockedId: string, at: Date): Promise<BlockWrite>;
  /** Forgets it (nothing happens when there was none). */
  unblock(accountId: string, blockedId: string): Promise<void>;
  /** The ids the account blocked (one Query, paged to the end: at most MAX_BLOCKS and a few more). */
  blockedBy(accountId: string): Promise<string[]>;
  /** The apodo each of these accounts holds now (BatchGetItem of their rows); deleted and unnamed ones are absent. */
  namesOf(accountIds: readonly string[]): Promise<Map<string, string>>;
  /** Deletes the account's blocks and the blocks of it, both directions; how many rows went. */
  forget(accountId: string): Promise<number>;
}
