import { RemovalPolicy } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import type { KeyAttribute, TableDescription } from '../../functions/store/tables';
import { TABLES, type TableAccess, type TableName } from '../functions';

/**
 * The DynamoDB tables, built from the descriptions in functions/store/tables.ts (the one source of
 * the key, index, TTL and stream settings): on-demand, point-in-time recovery, and every one of them
 * kept when the stack is deleted (`RETAIN`) and deletion-protected, so that neither `cdk destroy`, a
 * replacement nor a stray `DeleteTable` loses people's data. Deleting one is a deliberate act: turn
 * its protection off, then delete it (docs/deploy-and-operate.md, "Tearing down").
 */
export class Data extends Construct {
  /** Every table, by the name function declarations use (infra/functions.ts). */
  public readonly tables: Record<TableName, dynamodb.Table>;
  public readonly posts: dynamodb.Table;
  /** Moderation votes and reports, one row per user and post. */
  public readonly moderation: dynamodb.Table;
  /** Comments, each counted on its post. */
  public readonly comments: dynamodb.Table;
  public readonly rateLimits: dynamodb.Table;
  public readonly connections: dynamodb.Table;
  /** Apodos: a row per name (unique ignoring case and accents) and one per account. */
  public readonly names: dynamodb.Table;
  /** Votes on published posts, one row per account and post. */
  public readonly votes: dynamodb.Table;
  /** The Top's rank rows, by calendar period (written from the posts stream). */
  public readonly top: dynamodb.Table;
  /** Idempotent writes' records (Idempotency-Key), kept a day. */
  public readonly idempotency: dynamodb.Table;
  /** «Guardadas»: one row per account and post it saved. */
  public readonly saved: dynamodb.Table;
  /** Each account's notifications («Avisos»), kept 90 days (written from the posts and comments streams). */
  public readonly notifications: dynamodb.Table;
  /** Devices' Web Push subscriptions, one row per endpoint, listed by account. */
  public readonly pushSubscriptions: dynamodb.Table;
  /** The search index (term → post), derived from the posts by their stream; rebuildable (`npm run rebuild -- search`). */
  public readonly search: dynamodb.Table;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.posts = tableFrom(this, 'PostsTable', TABLES.posts.description);
    this.moderation = tableFrom(this, 'ModerationTable', TABLES.moderation.description);
    this.comments = tableFrom(this, 'CommentsTable', TABLES.comments.description);
    this.rateLimits = tableFrom(this, 'RateLimitsTable', TABLES.rateLimits.description);
    this.connections = tableFrom(this, 'ConnectionsTable', TABLES.connections.description);
    this.names = tableFrom(this, 'NamesTable', TABLES.names.description);
    this.votes = tableFrom(this, 'VotesTable', TABLES.votes.description);
    this.top = tableFrom(this, 'TopTable', TABLES.top.description);
    this.idempotency = tableFrom(this, 'IdempotencyTable', TABLES.idempotency.description);
    this.saved = tableFrom(this, 'SavedTable', TABLES.saved.description);
    this.notifications = tableFrom(this, 'NotificationsTable', TABLES.notifications.description);
    this.pushSubscriptions = tableFrom(this, 'PushSubscriptionsTable', TABLES.pushSubscriptions.description);
    this.search = tableFrom(this, 'SearchTable', TABLES.search.description);
    this.tables = {
      posts: this.posts,
      moderation: this.moderation,
      comments: this.comments,
      rateLimits: this.rateLimits,
      connections: this.connections,
      names: this.names,
      votes: this.votes,
      top: this.top,
      idempotency: this.idempotency,
      saved: this.saved,
      notifications: this.notifications,
      pushSubscriptions: this.pushSubscriptions,
      search: this.search,
    };
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

function tableFrom(scope: Construct, id: string, description: TableDescription): dynamodb.Table {
  const table = new dynamodb.Table(scope, id, {
    partitionKey: attribute(description.partitionKey),
    sortKey: description.sortKey ? attribute(description.sortKey) : undefined,
    billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
    // Every table: tiny ones cost next to nothing to cover, and the rate limits hold user ids.
    pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
    stream: description.stream ? dynamodb.StreamViewType[description.stream] : undefined,
    timeToLiveAttribute: description.ttlAttribute,
    deletionProtection: true,
    removalPolicy: RemovalPolicy.RETAIN,
  });
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
