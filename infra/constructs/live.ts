import { CfnElement, Duration, Stack, Validations } from 'aws-cdk-lib';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { ENV } from '../../functions/store/tables';
import { LambdaFunction } from './lambdaFunction';

export interface LiveProps {
  /** The posts table; its stream (new image) feeds the broadcast. */
  readonly posts: dynamodb.ITable;
  /** The open WebSocket connections. */
  readonly connections: dynamodb.ITable;
  /**
   * The WebSocket stage name, the last part of `wsUrl`.
   * @default 'live'
   */
  readonly stageName?: string;
}

/**
 * The live feed: a WebSocket API whose `$connect`/`$disconnect` handlers keep the connections table,
 * and a broadcast function fed by the posts stream (INSERT only) that sends each new post to every
 * open connection of this API.
 */
export class Live extends Construct {
  public readonly webSocketApi: apigwv2.WebSocketApi;
  public readonly stage: apigwv2.WebSocketStage;
  /** The clients' URL: `wss://<id>.execute-api.<region>.amazonaws.com/<stage>`. */
  public readonly url: string;
  /** Where broadcasts that failed every retry are recorded (the stream records' metadata). */
  public readonly failedBroadcasts: sqs.Queue;

  constructor(scope: Construct, id: string, props: LiveProps) {
    super(scope, id);
    const environment = { [ENV.connectionsTable]: props.connections.tableName };

    const connect = new LambdaFunction(this, 'Connect', { entry: 'functions/handlers/ws/connect.ts', environment });
    props.connections.grant(connect, 'dynamodb:PutItem');
    const disconnect = new LambdaFunction(this, 'Disconnect', { entry: 'functions/handlers/ws/disconnect.ts', environment });
    props.connections.grant(disconnect, 'dynamodb:DeleteItem');

    this.webSocketApi = new apigwv2.WebSocketApi(this, 'WebSocketApi', {
      description: 'Vaya día: new posts, live',
      connectRouteOptions: { integration: new WebSocketLambdaIntegration('Connect', connect.function) },
      disconnectRouteOptions: { integration: new WebSocketLambdaIntegration('Disconnect', disconnect.function) },
    });
    this.stage = new apigwv2.WebSocketStage(this, 'Stage', {
      webSocketApi: this.webSocketApi,
      stageName: props.stageName ?? 'live',
      autoDeploy: true,
      throttle: { rateLimit: 50, burstLimit: 100 },
    });
    this.url = this.stage.url;
    Validations.of(this.webSocketApi).acknowledge(
      {
        id: 'AwsSolutions-APIG4',
        reason:
          'The WebSocket only pushes public posts to readers (DESIGN §3: no auth); clients send nothing the server acts on.',
      },
    );
    Validations.of(this.stage).acknowledge(
      {
        id: 'AwsSolutions-APIG1',
        reason:
          'WebSocket access logs need the account-wide API Gateway CloudWatch role, a setting outside this stack; the $connect/$disconnect functions log every connection to their own log groups.',
      },
    );

    this.failedBroadcasts = new sqs.Queue(this, 'FailedBroadcasts', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    Validations.of(this.failedBroadcasts).acknowledge(
      {
        id: 'AwsSolutions-SQS3',
        reason: 'This queue is itself the on-failure destination of the broadcast stream; nothing consumes it automatically.',
      },
    );

    const broadcast = new LambdaFunction(this, 'Broadcast', {
      entry: 'functions/handlers/ws/broadcast.ts',
      environment: { ...environment, [ENV.wsManagementEndpoint]: this.stage.callbackUrl },
      timeout: Duration.seconds(30),
      // Fan-out is CPU-bound (one signed PostToConnection per client; benchmark figure 3) and Lambda's
      // CPU share grows with memory: 1 GB has four times the 256 MB default's.
      memorySize: 1024,
    });
    props.connections.grant(broadcast, 'dynamodb:Scan', 'dynamodb:DeleteItem');
    this.stage.grantManagementApiAccess(broadcast);
    const apiRef = `<${Stack.of(this).getLogicalId(this.webSocketApi.node.defaultChild as CfnElement)}>`;
    Validations.of(broadcast).acknowledge(
      {
        id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:execute-api:<AWS::Region>:<AWS::AccountId>:${apiRef}/${this.stage.stageName}/*/@connections/*]`,
        reason: 'Connection ids are known only at run time: execute-api:ManageConnections is limited to the connections of this API and stage.',
      },
      {
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason: 'dynamodb:ListStreams has no resource-level permissions; reading stream records is limited to the posts stream ARN.',
      },
    );
    broadcast.function.addEventSource(
      new DynamoEventSource(props.posts, {
        startingPosition: lambda.StartingPosition.LATEST,
        batchSize: 100,
        maxBatchingWindow: Duration.seconds(1),
        // A failing batch is split to isolate the bad record, retried a few times, then recorded
        // in the queue instead of blocking the shard until the record expires.
        retryAttempts: 3,
        bisectBatchOnError: true,
        maxRecordAge: Duration.hours(1),
        onFailure: new SqsDlq(this.failedBroadcasts),
        // FilterRule's helpers are typed `any` in aws-cdk-lib; the value is the JSON pattern `['INSERT']`.
        filters: [lambda.FilterCriteria.filter({ eventName: lambda.FilterRule.isEqual('INSERT') as unknown })],
      }),
    );
  }
}
