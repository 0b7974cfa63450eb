import { CfnElement, Duration, Names, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import * as apigateway from 'aws-cdk-lib/aws-apigateway';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct, type IConstruct } from 'constructs';
import { LIVE_PING, LIVE_PONG } from '../../functions/contract/live';
import { functionsTriggeredBy, type EndpointName } from '../functions';
import type { Data } from './data';
import { DeclaredFunction, type EndpointBinding } from './lambdaFunction';

export interface LiveProps {
  /** The tables: the connections table, and the streams that feed the stream-triggered functions. */
  readonly data: Data;
  /** The user pool whose ID tokens a socket may be opened with (`?token=`), and its app client. */
  readonly userPool: cognito.IUserPool;
  readonly userPoolClient: cognito.IUserPoolClient;
  /**
   * The WebSocket stage name, the last part of `wsUrl`.
   * @default 'live'
   */
  readonly stageName?: string;
  /** Other addresses stream functions may declare (Web Push's key secret and allow-list). */
  readonly endpoints?: Partial<Record<EndpointName, EndpointBinding>>;
}

/**
 * The stage's throttle for what has none declared: messages clients send (the app sends none; the
 * `ping` route answers them without a function) and `$disconnect`.
 */
const STAGE_THROTTLE = { rateLimit: 50, burstLimit: 100 };

/**
 * The live feed: a WebSocket API whose `$connect`/`$disconnect` handlers keep the connections table,
 * and the stream-fed functions (the broadcast: new posts to every open connection of this API), each
 * built from its declaration with its event source mapping's options and filters.
 *
 * The stage writes JSON access logs, and new connections are throttled as `$connect`'s declaration
 * says. WebSocket access logs (unlike the HTTP API's) are written through the account's API Gateway
 * CloudWatch role, a per-account-and-region setting (`AWS::ApiGateway::Account`): this construct
 * sets it to a role of its own, kept when the stack is deleted (other APIs of the account may log
 * through it by then), as CDK's RestApi does with `cloudWatchRole`.
 */
export class Live extends Construct {
  public readonly webSocketApi: apigwv2.WebSocketApi;
  public readonly stage: apigwv2.WebSocketStage;
  /** The clients' URL: `wss://<id>.execute-api.<region>.amazonaws.com/<stage>`. */
  public readonly url: string;
  /** Where broadcasts that failed every retry are recorded (the stream records' metadata). */
  public readonly failedBroadcasts: sqs.Queue;
  /** Where the stage writes one JSON line per connection, disconnection and message. */
  public readonly accessLogs: logs.LogGroup;
  /** Its functions: the WebSocket routes' and the stream-fed ones. */
  public readonly functions: DeclaredFunction[] = [];
  /** The management endpoint and its grant, for the API functions that close an account's sockets. */
  public readonly management: EndpointBinding;
  /** cdk-nag's acknowledgment of ManageConnections on every connection, for a function that holds it. */
  public readonly managesConnections: (
    declaration: { endpoints?: readonly string[] },
    scope: IConstruct,
  ) => { id: string; reason: string }[];
  /** The stream-fed functions (their iterator age is watched). */
  public readonly streamFunctions: DeclaredFunction[] = [];

  constructor(scope: Construct, id: string, props: LiveProps) {
    super(scope, id);
    // `$connect` checks a `?token=` as the HTTP API's authorizer does: the pool's keys (public, read
    // over HTTPS from the issuer), its issuer and the app client; nothing to grant.
    const tokenIssuer = {
      url: `https://cognito-idp.${Stack.of(this).region}.${Stack.of(this).urlSuffix}/${props.userPool.userPoolId}`,
      grant: () => {},
    };
    const tokenAudience = { url: props.userPoolClient.userPoolClientId, grant: () => {} };
    const routeHandlers = new Map(
      functionsTriggeredBy('websocket').map((declaration) => {
        const fn = new DeclaredFunction(this, { declaration, data: props.data, endpoints: { tokenIssuer, tokenAudience } });
        this.functions.push(fn);
        return [declaration.trigger.route, fn.function];
      }),
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
    const ping = this.addPingRoute();
    this.accessLogs = new logs.LogGroup(this, 'AccessLogs', {
      retention: logs.RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.stage = new apigwv2.WebSocketStage(this, 'Stage', {
      webSocketApi: this.webSocketApi,
      stageName: props.stageName ?? 'live',
      autoDeploy: true,
      throttle: STAGE_THROTTLE,
      accessLogSettings: {
        destination: new apigwv2.LogGroupLogDestination(this.accessLogs),
        format: apigateway.AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            requestTime: '$context.requestTime',
            ip: '$context.identity.sourceIp',
            eventType: '$context.eventType',
            routeKey: '$context.routeKey',
            connectionId: '$context.connectionId',
            status: '$context.status',
            latencyMs: '$context.integrationLatency',
            error: '$context.error.message',
          }),
        ),
      },
    });
    this.url = this.stage.url;
    const cfnStage = this.stage.node.defaultChild as apigwv2.CfnStage;
    // A JSON property: CloudFormation's own (PascalCase) names, which CDK does not translate here.
    const routeSettings: Record<string, { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }> = {};
    for (const { trigger } of functionsTriggeredBy('websocket')) {
      if (trigger.throttle) {
        routeSettings[trigger.route] = {
          ThrottlingRateLimit: trigger.throttle.rateLimit,
          ThrottlingBurstLimit: trigger.throttle.burstLimit,
        };
      }
    }
    cfnStage.routeSettings = routeSettings;
    // The routes exist before the stage that names them ($connect/$disconnect are the API's own).
    for (const child of this.webSocketApi.node.findAll()) {
      if (child instanceof apigwv2.CfnRoute) cfnStage.node.addDependency(child);
    }
    // The ping route answers only once its integration and route responses are in the stage's deployment.
    cfnStage.node.addDependency(...ping);

    // The account's API Gateway CloudWatch role, without which the stage cannot write its logs.
    const cloudWatchRole = new iam.Role(this, 'ApiGatewayCloudWatchRole', {
      description: "API Gateway's account-wide role for writing access and execution logs to CloudWatch",
      assumedBy: new iam.ServicePrincipal('apigateway.amazonaws.com'),
      managedPolicies: [iam.ManagedPolicy.fromAwsManagedPolicyName('service-role/AmazonAPIGatewayPushToCloudWatchLogs')],
    });
    cloudWatchRole.applyRemovalPolicy(RemovalPolicy.RETAIN);
    const account = new apigateway.CfnAccount(this, 'ApiGatewayAccount', { cloudWatchRoleArn: cloudWatchRole.roleArn });
    account.applyRemovalPolicy(RemovalPolicy.RETAIN);
    cfnStage.node.addDependency(account);
    Validations.of(cloudWatchRole).acknowledge({
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs]',
      reason:
        "AWS's managed policy made for exactly this role (API Gateway writing API logs to CloudWatch, in log groups it names); only apigateway.amazonaws.com may assume the role.",
    });
    Validations.of(this.webSocketApi).acknowledge({
      id: 'AwsSolutions-APIG4',
      reason:
        "The WebSocket only pushes what its readers may see: public posts to anyone, an account's notifications only to a socket that showed that account's token at connect (docs/live.md); clients send nothing the server acts on.",
    });

    this.failedBroadcasts = new sqs.Queue(this, 'FailedBroadcasts', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    Validations.of(this.failedBroadcasts).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason: 'This queue is itself the on-failure destination of the broadcast stream; nothing consumes it automatically.',
    });

    const liveManagement = {
      url: this.stage.callbackUrl,
      grant: (grantee: iam.IGrantable) => this.stage.grantManagementApiAccess(grantee),
    };
    this.management = liveManagement;
    const webSocketApi = this.webSocketApi.node.defaultChild as CfnElement;
    // How cdk-nag prints the API's id in a policy: its logical id in this stack; in a nested stack
    // (the HTTP API's routes), the parameter CDK passes it as, `referenceto<its unique id>Ref`.
    const apiRef = (scope: IConstruct) =>
      Stack.of(scope) === Stack.of(this)
        ? `<${Stack.of(this).getLogicalId(webSocketApi)}>`
        : `<referenceto${Names.nodeUniqueId(webSocketApi.node)}Ref>`;
    const managesConnections = (this.managesConnections = (declaration: { endpoints?: readonly string[] }, scope: IConstruct) =>
      declaration.endpoints?.includes('liveManagement')
        ? [
            {
              id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:execute-api:<AWS::Region>:<AWS::AccountId>:${apiRef(scope)}/${this.stage.stageName}/*/@connections/*]`,
              reason:
                'Connection ids are known only at run time: execute-api:ManageConnections is limited to the connections of this API and stage.',
            },
          ]
        : []);
    // The functions other ones invoke asynchronously (the parts of a large broadcast), with Lambda's
    // asynchronous-invocation options; an event that fails every retry lands in the failed-broadcasts queue.
    const invoked: Record<string, lambda.IFunction> = {};
    for (const declaration of functionsTriggeredBy('invoke')) {
      const fn = new DeclaredFunction(this, { declaration, data: props.data, endpoints: { liveManagement } });
      this.functions.push(fn);
      invoked[declaration.id] = fn.function;
      fn.function.configureAsyncInvoke({
        retryAttempts: declaration.trigger.retryAttempts,
        maxEventAge: Duration.seconds(declaration.trigger.maxEventAgeSeconds),
        onFailure: new SqsDestination(this.failedBroadcasts),
      });
      Validations.of(fn).acknowledge(...managesConnections(declaration, fn));
    }
    for (const declaration of functionsTriggeredBy('stream')) {
      const fn = new DeclaredFunction(this, {
        declaration,
        data: props.data,
        endpoints: { ...props.endpoints, liveManagement },
        invokes: invoked,
      });
      this.functions.push(fn);
      this.streamFunctions.push(fn);
      const { trigger } = declaration;
      fn.function.addEventSource(
        new DynamoEventSource(props.data.tables[trigger.table], {
          startingPosition: lambda.StartingPosition.LATEST,
          batchSize: trigger.batchSize,
          maxBatchingWindow: Duration.seconds(trigger.maxBatchingWindowSeconds),
          retryAttempts: trigger.retryAttempts,
          bisectBatchOnError: trigger.bisectBatchOnError,
          // The handler answers with the records that failed (functions/handlers/triggers.ts): Lambda retries from
          // the first of them, not the whole batch.
          reportBatchItemFailures: true,
          maxRecordAge: Duration.seconds(trigger.maxRecordAgeSeconds),
          onFailure: new SqsDlq(this.failedBroadcasts),
          filters: trigger.filters.map((pattern) => lambda.FilterCriteria.filter(pattern as Record<string, unknown>)),
        }),
      );
      Validations.of(fn).acknowledge(
        ...((declaration.endpoints as readonly string[] | undefined)?.includes('liveManagement')
          ? [
              {
                id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:execute-api:<AWS::Region>:<AWS::AccountId>:${apiRef(scope)}/${this.stage.stageName}/*/@connections/*]`,
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

  /**
   * `{ "action": "ping" }` → `{ "type": "pong" }` on the same socket (functions/contract/live.ts): a
   * two-way route on a MOCK integration, answered by API Gateway itself — no function, no table, no
   * cost but the two messages. The smoke test uses it to prove the live channel answers.
   */
  private addPingRoute(): CfnElement[] {
    const apiId = this.webSocketApi.apiId;
    // WebSocket templates are chosen by a selection expression; `\$default` (escaped: a literal key) picks one.
    const template = '\\$default';
    const integration = new apigwv2.CfnIntegration(this, 'PingIntegration', {
      apiId,
      integrationType: 'MOCK',
      requestTemplates: { $default: JSON.stringify({ statusCode: 200 }) },
      templateSelectionExpression: template,
    });
    const integrationResponse = new apigwv2.CfnIntegrationResponse(this, 'PingIntegrationResponse', {
      apiId,
      integrationId: integration.ref,
      integrationResponseKey: '$default',
      responseTemplates: { $default: JSON.stringify(LIVE_PONG) },
      templateSelectionExpression: template,
    });
    const route = new apigwv2.CfnRoute(this, 'PingRoute', {
      apiId,
      routeKey: LIVE_PING.action,
      target: `integrations/${integration.ref}`,
      routeResponseSelectionExpression: '$default',
    });
    Validations.of(route).acknowledge({
      id: 'AwsSolutions-APIG4',
      reason:
        'The live channel is public by design (docs/api.md: no token needed); this route answers a constant pong from a mock integration: no function, no data.',
    });
    const routeResponse = new apigwv2.CfnRouteResponse(this, 'PingRouteResponse', {
      apiId,
      routeId: route.ref,
      routeResponseKey: '$default',
    });
    return [integration, integrationResponse, route, routeResponse];
  }
}
