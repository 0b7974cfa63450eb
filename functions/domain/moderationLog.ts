/**
 * The moderation log: every moderator action (a decision on a pending post, a removal, a restore, a
 * suspension, a lift) with who, what, when and why, written in the same transaction as the action
 * (the stores take the entry with the change), and read by moderators only. The community's own
 * decisions (a post reaching ±MODERATION_MARGIN votes) are not moderator actions: their votes, with
 * their reasons, are the record.
 */
import { randomUUID } from 'node:crypto';
import type { ModerationAction, ModerationActionKind, ModerationLogPage } from '../contract/moderation';
import { signatureOf } from './accounts';
import type { Caller, SignedIn } from './author';
import { encodeCursor, sortKeyOf, resumeAfter, type PageParams } from './cursor';
import { ForbiddenError } from './errors';
import { parseLimit } from './input';
import type { LoggedAction, SuspensionStore } from './ports/moderation';

/** A new log entry for `caller`'s action, signed with their apodo (as the log shows it), from the row read for the request. */
export function logEntry(
  caller: SignedIn,
  action: ModerationActionKind,
  target: ModerationAction['target'],
  reason: string | null,
  at: Date,
): LoggedAction {
  return { id: randomUUID(), action, target, by: signatureOf(caller.row).name, byId: caller.id, reason, at: at.toISOString() };
}

/** What the log shows: no account id. */
export function publicAction({ id, action, target, by, reason, at }: LoggedAction): ModerationAction {
  return { id, action, target, by, reason, at };
}

export type LogDeps = { suspensions: Pick<SuspensionStore, 'log'> };

/** `GET /moderation/log`: the log, newest first (moderators only). */
export async function readModerationLog(deps: LogDeps, caller: Caller, params: PageParams): Promise<ModerationLogPage> {
  if (!caller.moderator) throw new ForbiddenError();
  const page = await deps.suspensions.log(parseLimit(params.limit), resumeAfter(params));
  const last = page.items.at(-1);
  return { items: page.items.map(publicAction), nextCursor: page.next && last ? encodeCursor(sortKeyOf(last.at, last.id)) : null };
}
