/**
 * The Data construct: the tables, built from functions/store/tables.ts and protected.
 * The stack as `npm run synth` builds it without Google sign-in, synthesized once for every file of
 * this folder that asks for it (sharedStack).
 */
import { describe, expect, it } from 'vitest';
import {
  COMMENTS_TABLE,
  CONNECTIONS_TABLE,
  IDEMPOTENCY_TABLE,
  SAVED_TABLE,
  MODERATION_TABLE,
  NAMES_TABLE,
  NOTIFICATIONS_TABLE,
  PUSH_SUBSCRIPTIONS_TABLE,
  SEARCH_TABLE,
  POSTS_TABLE,
  RATE_LIMITS_TABLE,
  TOP_TABLE,
  VOTES_TABLE,
  type TableDescription,
} from '../../functions/store/tables';
import { logicalId, sharedStack } from './synth';

const s = sharedStack();
const { ofType, propsOf } = s;

describe('data', () => {
  const cases: [string, () => string, TableDescription][] = [
    ['posts', () => logicalId(s.stack.data.tables.posts), POSTS_TABLE],
    ['moderation', () => logicalId(s.stack.data.tables.moderation), MODERATION_TABLE],
    ['comments', () => logicalId(s.stack.data.tables.comments), COMMENTS_TABLE],
    ['rate-limits', () => logicalId(s.stack.data.tables.rateLimits), RATE_LIMITS_TABLE],
    ['connections', () => logicalId(s.stack.data.tables.connections), CONNECTIONS_TABLE],
    ['names', () => logicalId(s.stack.data.tables.names), NAMES_TABLE],
    ['votes', () => logicalId(s.stack.data.tables.votes), VOTES_TABLE],
    ['top', () => logicalId(s.stack.data.tables.top), TOP_TABLE],
    ['idempotency', () => logicalId(s.stack.data.tables.idempotency), IDEMPOTENCY_TABLE],
    ['saved', () => logicalId(s.stack.data.tables.saved), SAVED_TABLE],
    ['notifications', () => logicalId(s.stack.data.tables.notifications), NOTIFICATIONS_TABLE],
    ['search', () => logicalId(s.stack.data.tables.search), SEARCH_TABLE],
    ['push-subscriptions', () => logicalId(s.stack.data.tables.pushSubscriptions), PUSH_SUBSCRIPTIONS_TABLE],
  ];

  it.each(cases)('builds the %s table from functions/store/tables.ts', (_name, id, description) => {
    const props = propsOf(id());
    expect(props.KeySchema).toEqual([
      { AttributeName: description.partitionKey.name, KeyType: 'HASH' },
      ...(description.sortKey ? [{ AttributeName: description.sortKey.name, KeyType: 'RANGE' }] : []),
    ]);
    expect(props.BillingMode).toBe('PAY_PER_REQUEST');
    expect(props.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
    expect(props.GlobalSecondaryIndexes ?? []).toEqual(
      description.indexes.map((index) => ({
        IndexName: index.indexName,
        KeySchema: [
          { AttributeName: index.partitionKey.name, KeyType: 'HASH' },
          ...(index.sortKey ? [{ AttributeName: index.sortKey.name, KeyType: 'RANGE' }] : []),
        ],
        Projection: index.include ? { ProjectionType: 'INCLUDE', NonKeyAttributes: [...index.include] } : { ProjectionType: 'ALL' },
      })),
    );
    expect(props.LocalSecondaryIndexes ?? []).toEqual(
      (description.localIndexes ?? []).map((index) => ({
        IndexName: index.indexName,
        KeySchema: [
          { AttributeName: description.partitionKey.name, KeyType: 'HASH' },
          { AttributeName: index.sortKey.name, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: index.projection },
      })),
    );
    expect(props.TimeToLiveSpecification).toEqual(
      description.ttlAttribute ? { AttributeName: description.ttlAttribute, Enabled: true } : undefined,
    );
    expect(props.StreamSpecification).toEqual(description.stream ? { StreamViewType: description.stream } : undefined);
  });

  it.each(cases)('keeps the %s table when the stack is deleted or the table replaced, and protects it from deletion', (_name, id) => {
    expect(s.resources[id()]).toMatchObject({ DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain' });
    expect(propsOf(id()).DeletionProtectionEnabled).toBe(true);
  });

  it('has no table the Data construct does not protect', () => {
    expect(
      ofType('AWS::DynamoDB::Table')
        .map(([id]) => id)
        .sort(),
    ).toEqual(cases.map(([, id]) => id()).sort());
  });
});
