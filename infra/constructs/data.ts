import { RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import { TABLE_RECOVERY, TABLES, type KeyAttribute, type TableDescription, type TableName } from '../../functions/store/tables';
import type { TableAccess } from '../functions';

/**
 * The DynamoDB tables, built from the descriptions in functions/store/tables.ts (the one source of
 * the key, index, TTL and stream settings): on-demand, and point-in-time recovery on every source table
 * (`TABLE_RECOVERY`: the derived ones are rebuilt from them, the passing ones are not restored). In production
 * (`retain`) every one is kept when the stack is deleted (`RETAIN`) and deletion-protected, so that
 * neither `cdk destroy`, a replacement nor a stray `DeleteTable` loses people's data; deleting one is a
 * deliberate act: turn its protection off, then delete it (docs/deploy-and-operate.md, "Tearing
 * down"). Other stages' tables go with their stack.
 */
export class Data extends Construct {
  /** Every table, by the name function declarations use (functions/store/tables.ts `TABLES`). */
  public readonly tables: Record<TableName, dynamodb.Table>;

  constructor(scope: Construct, id: string, props: { retain: boolean }) {
    super(scope, id);
    // Construct ids `PostsTable`, `RateLimitsTable`…: stable, so a table is never replaced.
    this.tables = Object.fromEntries(
      (Object.keys(TABLES) as TableName[]).map((name) => [
        name,
        tableFrom(this, `${name[0]!.toUpperCase()}${name.slice(1)}Table`, TABLES[name].description, {
          retain: props.retain,
          recovery: TABLE_RECOVERY[name] === 'source',
        }),
      ]),
    ) as Record<TableName, dynamodb.Table>;
  }

  /**
   * Grants exactly what a function declares on one table: item actions on the table itself (never
   * `index/*`, where they mean nothing), Query on the named indexes only, and Scan where declared.
   */
  grant(grantee: iam.IGrantable, tableName: TableName, access: TableAccess): void {
    const table = this.tables[tableName];
    const tableActions = [
      ...(access.scan ? ['dynamodb:Scan'] : []),
      ...(access.query ? ['dynamodb:Query'] : []),
      ...(access.items ?? []).map((action) => `dynamodb:${action}`),
    ];
    if (tableActions.length > 0) iam.Grant.addToPrincipal({ grantee, actions: tableActions, resourceArns: [table.tableArn] });
    if (access.queryIndexes && access.queryIndexes.length > 0) {
      iam.Grant.addToPrincipal({
        grantee,
        actions: ['dynamodb:Query'],
        resourceArns: access.queryIndexes.map((indexName) => `${table.tableArn}/index/${indexName}`),
      });
    }
  }
}

function attribute(key: KeyAttribute): dynamodb.Attribute {
  return { name: key.name, type: key.type === 'S' ? dynamodb.AttributeType.STRING : dynamodb.AttributeType.NUMBER };
}

function tableFrom(
  scope: Construct,
  id: string,
  description: TableDescription,
  { retain, recovery }: { retain: boolean; recovery: boolean },
): dynamodb.Table {
  const table = new dynamodb.Table(scope, id, {
    partitionKey: attribute(description.partitionKey),
    sortKey: description.sortKey ? attribute(description.sortKey) : undefined,
    billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
    // Billed per GB of the table: paid only where a restore would read it. The search index, the
    // largest table (about 20 items a post), is rebuilt from the posts instead.
    pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: recovery },
    stream: description.stream ? dynamodb.StreamViewType[description.stream] : undefined,
    timeToLiveAttribute: description.ttlAttribute,
    deletionProtection: retain,
    removalPolicy: retain ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
  });
  if (!recovery) {
    Validations.of(table).acknowledge({
      id: 'AwsSolutions-DDB3',
      reason:
        'Not restored from backups of its own: a derived table is rebuilt from the source tables (npm run rebuild), and a passing one holds only short-lived rows that mean nothing after a restore (functions/store/tables.ts TABLE_RECOVERY; docs/deploy-and-operate.md, "Backups and restore").',
    });
  }
  for (const index of description.indexes) {
    table.addGlobalSecondaryIndex({
      indexName: index.indexName,
      partitionKey: attribute(index.partitionKey),
      sortKey: index.sortKey ? attribute(index.sortKey) : undefined,
      ...(index.include
        ? { projectionType: dynamodb.ProjectionType.INCLUDE, nonKeyAttributes: [...index.include] }
        : { projectionType: dynamodb.ProjectionType.ALL }),
    });
  }
  for (const index of description.localIndexes ?? []) {
    table.addLocalSecondaryIndex({
      indexName: index.indexName,
      sortKey: attribute(index.sortKey),
      projectionType: dynamodb.ProjectionType[index.projection],
    });
  }
  return table;
}
