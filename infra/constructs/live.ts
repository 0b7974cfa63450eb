import { CfnElement, Duration, Stack, Validations } from 'aws-cdk-lib';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { functionsTriggeredBy } from '../functions';
import type { Data } from './data';
import { DeclaredFunction } from './lambdaFunction';

export interface LiveProps {
  /** The tables: the connections table, and the streams that feed the stream-triggered functions. */
  readonly data: Data;
  /**
   * The WebSocket stage name, the last part of `wsUrl`.
   * @default 'live'
   */
  readonly stageName?: string;
}

/**
 * The live feed: a WebSocket API whose `$connect`/`$disconnect` handlers keep the connections table,
 * and the stream-fed functions (the broadcast: new posts to every open connection of this API), each
 * built from its declaration with its event source mapping's options and filters.
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
    const routeHandlers = new Map(
      functionsTriggeredBy('websocket').map((declaration) => [
        declaration.trigger.route,
        new DeclaredFunction(this, { declaration, data: props.data }).function,
      ]),
    );
    const routeHandler = (route: '$connect' | '$disconnect') => {
      const fn = routeHandlers.get(route);
      if (!fn) throw new Error(`No function is declared for the WebSocket route ${route}`);
      return fn;
    };

    this.webSocketApi = new apigwv2.WebSocketApi(this, 'WebSocketApi', {
      description: 'Vaya día: new posts, live',
      connectRouteOptions: { integration: new WebSocketLambdaIntegration('Connect', routeHandler('$connect')) },
      disconnectRouteOptions: { integration: new WebSocketLambdaIntegration('Disconnect', routeHandler('$disconnect')) },
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

    const liveManagement = { url: this.stage.callbackUrl, grant: (grantee: iam.IGrantable) => this.stage.grantManagementApiAccess(grantee) };
    const apiRef = `<${Stack.of(this).getLogicalId(this.webSocketApi.node.defaultChild as CfnElement)}>`;
    for (const declaration of functionsTriggeredBy('stream')) {
      const fn = new DeclaredFunction(this, { declaration, data: props.data, endpoints: { liveManagement } });
      const { trigger } = declaration;
      fn.function.addEventSource(
        new DynamoEventSource(props.data.tables[trigger.table], {
          startingPosition: lambda.StartingPosition.LATEST,
          batchSize: trigger.batchSize,
          maxBatchingWindow: Duration.seconds(trigger.maxBatchingWindowSeconds),
          retryAttempts: trigger.retryAttempts,
          bisectBatchOnError: trigger.bisectBatchOnError,
          maxRecordAge: Duration.seconds(trigger.maxRecordAgeSeconds),
          onFailure: new SqsDlq(this.failedBroadcasts),
          filters: trigger.filters.map((pattern) => lambda.FilterCriteria.filter(pattern as Record<string, unknown>)),
        }),
      );
      Validations.of(fn).acknowledge(
        ...((declaration.endpoints as readonly string[] | undefined)?.includes('liveManagement')
          ? [
              {
                id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:execute-api:<AWS::Region>:<AWS::AccountId>:${apiRef}/${this.stage.stageName}/*/@connections/*]`,
                reason:
                  'Connection ids are known only at run time: execute-api:ManageConnections is limited to the connections of this API and stage.',
              },
            ]
          : []),
        {
          id: 'AwsSolutions-IAM5[Resource::*]',
          reason: `dynamodb:ListStreams has no resource-level permissions; reading stream records is limited to the ${trigger.table} stream ARN.`,
        },
      );
    }
  }
}
