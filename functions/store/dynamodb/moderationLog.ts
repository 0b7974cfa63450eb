/**
 * How the moderation log and suspensions are laid out in the moderation table (functions/store/tables.ts):
 * `log#<id>` per moderator action and `suspension#<id>` per suspension, both on the sparse list-index
 * by `${at}#${id}`, newest first.
 */
import * as z from 'zod/mini';
import { MODERATION_ACTIONS } from '../../contract/moderation';
import type { LoggedAction, StoredSuspension } from '../../domain/ports/moderation';
import { sortKeyOf } from '../../domain/cursor';
import { MODERATION_KEYS, MODERATION_LISTS } from '../tables';

export const logKey = (id: string) => `log#${id}`;
export const suspensionKey = (id: string) => `suspension#${id}`;

/** The log entry as an item: listed in the log for good (append-only). */
export function logItem(entry: LoggedAction): Record<string, unknown> {
  return {
    key: logKey(entry.id),
    kind: 'log',
    ...entry,
    [MODERATION_KEYS.list]: MODERATION_LISTS.log,
    [MODERATION_KEYS.listedAt]: sortKeyOf(entry.at, entry.id),
  };
}

/** A TransactWriteItems Put of a log entry: a new key only, so an entry is never overwritten. */
export function logPut(tableName: string, entry: LoggedAction) {
  return {
    Put: {
      TableName: tableName,
      Item: logItem(entry),
      ConditionExpression: 'attribute_not_exists(#key)',
      ExpressionAttributeNames: { '#key': 'key' },
    },
  };
}

const logSchema = z.object({
  id: z.string(),
  action: z.enum(MODERATION_ACTIONS),
  target: z.object({ type: z.enum(['post', 'comment', 'account']), id: z.string() }),
  by: z.string(),
  byId: z.string(),
  reason: z.nullable(z.string()),
  at: z.string(),
});

export function logFromItem(item: Record<string, unknown>): LoggedAction | undefined {
  const parsed = z.safeParse(logSchema, item);
  return parsed.success ? parsed.data : undefined;
}

/** A suspension as an item, listed while it is not lifted. */
export function suspensionItem(suspension: StoredSuspension): Record<string, unknown> {
  return {
    key: suspensionKey(suspension.id),
    kind: 'suspension',
    ...suspension,
    [MODERATION_KEYS.list]: MODERATION_LISTS.suspensions,
    [MODERATION_KEYS.listedAt]: sortKeyOf(suspension.createdAt, suspension.id),
  };
}

const suspensionSchema = z.object({
  id: z.string(),
  accountId: z.string(),
  name: z.string(),
  until: z.string(),
  reason: z.string(),
  createdAt: z.string(),
  by: z.string(),
  byId: z.string(),
  liftedAt: z.optional(z.string()),
});

export function suspensionFromItem(item: Record<string, unknown> | undefined): StoredSuspension | undefined {
  const parsed = z.safeParse(suspensionSchema, item);
  return parsed.success ? parsed.data : undefined;
}
