import type { Appeal } from '../../contract/appeals';
import type { LoggedAction, StoredSuspension } from './moderation';
import type { StoredNotification } from './notifications';

/** An appeal as stored: the contract's fields, whose account it is, and who decided it (by account id). */
export type StoredAppeal = Appeal & { accountId: string; decidedById?: string; decidedAt?: string };

/**
 * A moderator's answer, written in one transaction: the appeal decided (only if still open), the log
 * entry, the author's notification and, to lift, the suspension's own lift (the account row and the
 * suspension's record, as a moderator's lift writes them).
 */
export type AppealDecisionWrite = {
  decided: StoredAppeal;
  log: LoggedAction;
  notification: StoredNotification;
  lift?: StoredSuspension;
};

/**
 * What a decision found: `decided`; `already` when the appeal was decided (or deleted) meanwhile;
 * `conflict` when the suspension to lift changed meanwhile (the caller reads it again).
 */
export type AppealDecisionOutcome = 'decided' | 'already' | 'conflict';

/** Appeals against suspensions (the moderation table): one per suspension, under the suspension's id. */
export interface AppealStore {
  /** Stores a new appeal; false when its suspension was appealed already. */
  create(appeal: StoredAppeal): Promise<boolean>;
  /** One appeal, read strongly consistent. */
  get(id: string): Promise<StoredAppeal | undefined>;
  /** Open appeals, oldest first, from after `after` (opaque): one Query. */
  open(limit: number, after?: string): Promise<{ items: StoredAppeal[]; next?: string }>;
  decide(write: AppealDecisionWrite): Promise<AppealDecisionOutcome>;
  /** Every appeal of an account, oldest first (its data export). */
  ofAccount(accountId: string): Promise<StoredAppeal[]>;
  /** Deletes every appeal of an account (its deletion); the log keeps its entries. */
  removeAllOf(accountId: string): Promise<void>;
}
