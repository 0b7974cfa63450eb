import { RemovalPolicy, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpUserPoolAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { DEFAULT_THROTTLE, functionsTriggeredBy, throttleOf, type EndpointName } from '../functions';
import { routeKey } from '../../functions/contract/routes';
import type { Data } from './data';
import { DeclaredFunction, type EndpointBinding } from './lambdaFunction';

export interface ApiProps {
  readonly data: Data;
  /** The user pool whose ID tokens `POST /posts` accepts. */
  readonly userPool: cognito.IUserPool;
  /** The web app's client: the JWT authorizer's audience. */
  readonly userPoolClient: cognito.IUserPoolClient;
  /** Other addresses routes may declare (Web Push's key secret and allow-list). */
  readonly endpoints?: Partial<Record<EndpointName, EndpointBinding>>;
  /** cdk-nag's acknowledgments for a function that manages the WebSocket API's connections (Live's). */
  readonly managesConnections?: (declaration: { endpoints?: readonly string[] }) => { id: string; reason: string }[];
}

/**
 * The HTTP API of the contract (docs/api.md): one Lambda per route, each built from its declaration
 * (infra/functions.ts); routes of signed-in users behind a JWT authorizer on the user pool; a
 * throttle per route (its declaration's, writes tighter than reads) and JSON access logs.
 */
export class Api extends Construct {
  public readonly httpApi: apigwv2.HttpApi;
  /** The API's base URL, with a trailing slash: `https://<id>.execute-api.<region>.amazonaws.com/`. */
  public readonly url: string;
  /** Where the stage writes one JSON line per request. */
  public readonly accessLogs: logs.LogGroup;
  /** Its functions, one per declared route. */
  public readonly functions: DeclaredFunction[] = [];

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    // No CORS: the app calls the API under the site's own origin (CloudFront's API behaviours).
    this.httpApi = new apigwv2.HttpApi(this, 'HttpApi', {
      description: 'Vaya día: posts',
      createDefaultStage: false,
    });
    const accessLogs = (this.accessLogs = new logs.LogGroup(this, 'AccessLogs', {
      retention: logs.RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    }));
    const stage = this.httpApi.addStage('DefaultStage', {
      stageName: '$default',
      autoDeploy: true,
      // Only for a route without settings of its own, which no declared route is.
      throttle: DEFAULT_THROTTLE.write,
      accessLogSettings: {
        destination: new apigwv2.LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            requestTime: '$context.requestTime',
            ip: '$context.identity.sourceIp',
            userAgent: '$context.identity.userAgent',
            routeKey: '$context.routeKey',
            status: '$context.status',
            responseLength: '$context.responseLength',
            latencyMs: '$context.responseLatency',
            integrationError: '$context.integrationErrorMessage',
            authorizerError: '$context.authorizer.error',
          }),
        ),
      },
    });
    this.url = stage.url;

    const authorizer = new HttpUserPoolAuthorizer('CognitoIdToken', props.userPool, {
      userPoolClients: [props.userPoolClient],
    });
    // `DELETE /me` deletes the caller's Cognito user: AdminDeleteUser on this pool, nothing else.
    const userPool: EndpointBinding = {
      url: props.userPool.userPoolId,
      grant: (grantee) => props.userPool.grant(grantee, 'cognito-idp:AdminDeleteUser'),
    };
    // `POST /moderation/suspensions` asks whether an author is a moderator: ListUsersInGroup only.
    const moderatorsGroup: EndpointBinding = {
      url: props.userPool.userPoolId,
      grant: (grantee) => props.userPool.grant(grantee, 'cognito-idp:ListUsersInGroup'),
    };
    // `GET /me/export` says when the account was created: AdminGetUser only.
    const accountRecord: EndpointBinding = {
      url: props.userPool.userPoolId,
      grant: (grantee) => props.userPool.grant(grantee, 'cognito-idp:AdminGetUser'),
    };
    const cfnStage = stage.node.defaultChild as apigwv2.CfnStage;
    // A JSON property: CloudFormation's own (PascalCase) names, which CDK does not translate here.
    const routeSettings: Record<string, { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }> = {};
    for (const declaration of functionsTriggeredBy('http')) {
      const fn = new DeclaredFunction(this, {
        declaration,
        data: props.data,
        endpoints: { ...props.endpoints, userPool, moderatorsGroup, accountRecord },
      });
      this.functions.push(fn);
      const acknowledged = props.managesConnections?.(declaration) ?? [];
      if (acknowledged.length > 0) Validations.of(fn).acknowledge(...acknowledged);
      const { trigger } = declaration;
      const { route } = trigger;
      const routes = this.httpApi.addRoutes({
        path: route.path,
        methods: [apigwv2.HttpMethod[route.method]],
        integration: new HttpLambdaIntegration(`${declaration.id}Integration`, fn.function),
        authorizer: route.auth === 'public' ? undefined : authorizer,
      });
      const { rateLimit, burstLimit } = throttleOf(trigger);
      routeSettings[routeKey(route)] = { ThrottlingRateLimit: rateLimit, ThrottlingBurstLimit: burstLimit };
      // A stage may only name routes that exist: CloudFormation must create them first.
      cfnStage.node.addDependency(...routes);
    }
    cfnStage.routeSettings = routeSettings;
    Validations.of(this.httpApi).acknowledge({
      id: 'AwsSolutions-APIG4',
      reason:
        'The public GET routes are open reads by design (docs/api.md); every route of signed-in users (writes, votes, moderation, /me) has the Cognito JWT authorizer, as each route of functions/contract/routes.ts says.',
    });
  }
}
