import { RemovalPolicy } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import {
  CONNECTIONS_TABLE,
  POSTS_TABLE,
  RATE_LIMITS_TABLE,
  type KeyAttribute,
  type TableDescription,
} from '../../functions/store/tables';

export type PostsIndexName = (typeof POSTS_TABLE.indexes)[number]['indexName'];
export type PostsItemAction = 'dynamodb:GetItem' | 'dynamodb:PutItem';

export interface DataProps {
  /**
   * What happens to the posts table when the stack is deleted. The other tables hold only
   * short-lived rows (rate limits, open connections) and are always deleted with the stack.
   * @default RemovalPolicy.RETAIN
   */
  readonly postsRemovalPolicy?: RemovalPolicy;
}

/**
 * The DynamoDB tables, built from the descriptions in functions/store/tables.ts (the one source of
 * the key, index and TTL names): on-demand, point-in-time recovery, the posts stream (new image).
 */
export class Data extends Construct {
  public readonly posts: dynamodb.Table;
  public readonly rateLimits: dynamodb.Table;
  public readonly connections: dynamodb.Table;

  constructor(scope: Construct, id: string, props: DataProps = {}) {
    super(scope, id);
    this.posts = tableFrom(this, 'PostsTable', POSTS_TABLE, props.postsRemovalPolicy ?? RemovalPolicy.RETAIN);
    this.rateLimits = tableFrom(this, 'RateLimitsTable', RATE_LIMITS_TABLE, RemovalPolicy.DESTROY);
    this.connections = tableFrom(this, 'ConnectionsTable', CONNECTIONS_TABLE, RemovalPolicy.DESTROY);
  }

  /**
   * Lets `grantee` act on items of the posts table itself. (`table.grant` would add `index/*` too,
   * because the table has indexes; item actions have no meaning there.)
   */
  grantPostsItems(grantee: iam.IGrantable, ...actions: PostsItemAction[]): iam.Grant {
    return iam.Grant.addToPrincipal({ grantee, actions, resourceArns: [this.posts.tableArn] });
  }

  /**
   * Lets `grantee` Query the named indexes of the posts table, and nothing else: the index ARNs are
   * spelled out instead of `table/index/*`.
   */
  grantQueryPostsIndexes(grantee: iam.IGrantable, ...indexNames: PostsIndexName[]): iam.Grant {
    return iam.Grant.addToPrincipal({
      grantee,
      actions: ['dynamodb:Query'],
      resourceArns: indexNames.map((indexName) => `${this.posts.tableArn}/index/${indexName}`),
    });
  }
}

function attribute(key: KeyAttribute): dynamodb.Attribute {
  return { name: key.name, type: key.type === 'S' ? dynamodb.AttributeType.STRING : dynamodb.AttributeType.NUMBER };
}

function tableFrom(scope: Construct, id: string, description: TableDescription, removalPolicy: RemovalPolicy): dynamodb.Table {
  const table = new dynamodb.Table(scope, id, {
    partitionKey: attribute(description.partitionKey),
    sortKey: description.sortKey ? attribute(description.sortKey) : undefined,
    billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
    pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
    stream: description.stream ? dynamodb.StreamViewType.NEW_IMAGE : undefined,
    timeToLiveAttribute: description.ttlAttribute,
    removalPolicy,
  });
  for (const index of description.indexes) {
    table.addGlobalSecondaryIndex({
      indexName: index.indexName,
      partitionKey: attribute(index.partitionKey),
      sortKey: index.sortKey ? attribute(index.sortKey) : undefined,
      projectionType: dynamodb.ProjectionType.ALL,
    });
  }
  return table;
}
