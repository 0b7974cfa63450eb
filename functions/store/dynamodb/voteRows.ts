import {
  BatchGetCommand,
  type BatchGetCommandOutput,
  type DynamoDBDocumentClient,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';

/** BatchGetItem takes at most 100 keys. */
const BATCH_GET_LIMIT = 100;

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/**
 * What post votes and comment votes share: a row per account and voted item (`userId` + the item's
 * id attribute), written in one transaction with the item's counters.
 */
export type VoteTarget = {
  table: string;
  /** The row's sort key: `postId` or `commentId`. */
  idAttribute: string;
};

/**
 * One account's votes on these items (read consistently), by item id. Unprocessed keys (throttling)
 * are asked for again; a few rounds always settle.
 */
export async function votesOf<K extends string>(
  client: DynamoDBDocumentClient,
  { table, idAttribute }: VoteTarget,
  userId: string,
  ids: readonly string[],
  isKind: (value: unknown) => value is K,
): Promise<Map<string, K>> {
  const found = new Map<string, K>();
  for (let start = 0; start < ids.length; start += BATCH_GET_LIMIT) {
    let keys: Record<string, unknown>[] | undefined = ids
      .slice(start, start + BATCH_GET_LIMIT)
      .map((id) => ({ userId, [idAttribute]: id }));
    for (let round = 0; keys && keys.length > 0 && round < 5; round++) {
      const result: BatchGetCommandOutput = await client.send(
        new BatchGetCommand({
          RequestItems: { [table]: { Keys: keys, ProjectionExpression: `${idAttribute}, vote`, ConsistentRead: true } },
        }),
      );
      for (const item of result.Responses?.[table] ?? []) {
        const id: unknown = item[idAttribute];
        if (typeof id === 'string' && isKind(item.vote)) found.set(id, item.vote);
      }
      keys = result.UnprocessedKeys?.[table]?.Keys;
    }
    if (keys && keys.length > 0) throw new Error('BatchGetItem left keys unprocessed after 5 rounds');
  }
  return found;
}

/**
 * The row's part of a change: a new vote only if none exists; a change or a removal only if the
 * stored vote is still the one read — so two requests of one account cannot both count. Undefined
 * when there is nothing to write (no vote before or after). `extra` goes on a new row only.
 */
export function voteRowWrite(
  { table, idAttribute }: VoteTarget,
  key: { userId: string; id: string },
  change: { from: string | null; to: string | null; at: Date },
  extra: Record<string, unknown> = {},
): TransactItem | undefined {
  const { from, to, at } = change;
  const Key = { userId: key.userId, [idAttribute]: key.id };
  if (from === null && to !== null) {
    return {
      Put: {
        TableName: table,
        Item: { ...Key, vote: to, ...extra, at: at.toISOString() },
        ConditionExpression: `attribute_not_exists(${idAttribute})`,
      },
    };
  }
  if (from !== null && to !== null) {
    return {
      Update: {
        TableName: table,
        Key,
        UpdateExpression: 'SET vote = :to, #at = :at',
        ConditionExpression: 'vote = :from',
        ExpressionAttributeNames: { '#at': 'at' },
        ExpressionAttributeValues: { ':to': to, ':from': from, ':at': at.toISOString() },
      },
    };
  }
  if (from !== null) {
    return { Delete: { TableName: table, Key, ConditionExpression: 'vote = :from', ExpressionAttributeValues: { ':from': from } } };
  }
  return undefined;
}

/** Each kind's counter moves by the change: the old vote's one down, the new one's up. */
export function voteDeltas(from: string | null, to: string | null): Record<string, number> {
  const counters: Record<string, number> = {};
  if (from) counters[from] = (counters[from] ?? 0) - 1;
  if (to) counters[to] = (counters[to] ?? 0) + 1;
  return counters;
}

/** The voted item's part: `ADD` each counter's delta, only while the item's status is still `status`. */
export function addCounters(table: string, id: string, counters: Record<string, number>, status: string): TransactItem {
  const adds = Object.entries(counters);
  const names: Record<string, string> = { '#status': 'status' };
  const values: Record<string, unknown> = { ':status': status };
  adds.forEach(([attribute, delta], index) => {
    names[`#c${index}`] = attribute;
    values[`:c${index}`] = delta;
  });
  return {
    Update: {
      TableName: table,
      Key: { id },
      UpdateExpression: `ADD ${adds.map((_, index) => `#c${index} :c${index}`).join(', ')}`,
      ConditionExpression: '#status = :status',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}
