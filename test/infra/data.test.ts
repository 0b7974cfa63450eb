/**
 * The Data construct: the tables, built from functions/store/tables.ts and protected.
 * The stack as `npm run synth` builds it without Google sign-in, synthesized once for every file of
 * this folder that asks for it (sharedStack).
 */
import { describe, expect, it } from 'vitest';
import { TABLE_RECOVERY, TABLES, type TableDescription, type TableName } from '../../functions/store/tables';
import { logicalId, sharedStack } from './synth';

const s = sharedStack();
const { ofType, propsOf } = s;

describe('data', () => {
  // Every table the Data construct makes, with the description it is built from.
  const cases = (Object.keys(TABLES) as TableName[]).map(
    (name) => [name, () => logicalId(s.stack.data.tables[name]), TABLES[name].description as TableDescription] as const,
  );

  it.each(cases)('builds the %s table from functions/store/tables.ts', (_name, id, description) => {
    const props = propsOf(id());
    expect(props.KeySchema).toEqual([
      { AttributeName: description.partitionKey.name, KeyType: 'HASH' },
      ...(description.sortKey ? [{ AttributeName: description.sortKey.name, KeyType: 'RANGE' }] : []),
    ]);
    expect(props.BillingMode).toBe('PAY_PER_REQUEST');
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

  it.each(cases)('a stage other than prod (here dev) deletes the %s table with the stack: nothing is left behind', (_name, id) => {
    expect(s.resources[id()]).toMatchObject({ DeletionPolicy: 'Delete', UpdateReplacePolicy: 'Delete' });
    expect(propsOf(id()).DeletionProtectionEnabled).toBe(false);
  });

  it.each(cases)('restores the %s table to any second of the last 35 days if it is a source table', (name, id) => {
    // Derived tables are rebuilt from the source ones, passing ones are not restored (docs/deploy-and-operate.md).
    expect(propsOf(id()).PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: TABLE_RECOVERY[name] === 'source' });
  });

  it('keeps a point-in-time backup of every table people write to, and rebuilds only what the rebuild tool can', () => {
    const source = (Object.keys(TABLE_RECOVERY) as TableName[]).filter((name) => TABLE_RECOVERY[name] === 'source');
    expect(source.sort()).toEqual([
      'blocks',
      'commentVotes',
      'comments',
      'moderation',
      'names',
      'notifications',
      'posts',
      'pushSubscriptions',
      'saved',
      'votes',
    ]);
    const derived = (Object.keys(TABLE_RECOVERY) as TableName[]).filter((name) => TABLE_RECOVERY[name] === 'derived');
    // Each derived table has its target in `npm run rebuild` (infra/tools/rebuild.ts).
    expect(derived.sort()).toEqual(['search', 'top']);
  });

  it('has no table the Data construct does not make', () => {
    expect(
      ofType('AWS::DynamoDB::Table')
        .map(([id]) => id)
        .sort(),
    ).toEqual(cases.map(([, id]) => id()).sort());
  });
});
