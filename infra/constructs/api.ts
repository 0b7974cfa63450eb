import { NestedStack, RemovalPolicy, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpUserPoolAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct, type IConstruct } from 'constructs';
import {
  DEFAULT_THROTTLE,
  functionsTriggeredBy,
  throttleOf,
  type EndpointName,
  type FunctionDeclaration,
  type HttpTrigger,
} from '../functions';
import { routeKey, routes, type Route } from '../../functions/contract/routes';
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
  readonly managesConnections?: (declaration: { endpoints?: readonly string[] }, scope: IConstruct) => { id: string; reason: string }[];
}

/** The contract's groups (`routes.posts`, `routes.comments`…), each route's by the route itself. */
const GROUP_OF = new Map<Route, string>(
  Object.entries(routes).flatMap(([group, members]) =>
    Object.values<Route>(members as Record<string, Route>).map((route): [Route, string] => [route, group]),
  ),
);

/**
 * The HTTP API of the contract (docs/api.md): one Lambda per route, each built from its declaration
 * (infra/functions.ts); routes of signed-in users behind a JWT authorizer on the user pool; a
 * throttle per route (its declaration's, writes tighter than reads) and JSON access logs.
 *
 * The API, its stage and authorizer live in the parent stack; each group of the contract's routes
 * (functions/contract/routes.ts) deploys as a nested stack of its own ({@link ApiRoutes}). A route
 * costs seven resources (function, role, policy, log group, permission, integration, route): in one
 * template, fifty-odd routes would put the stack past CloudFormation's 500 resources, and a group
 * keeps each route in the same nested stack however many routes the others add.
 */
export class Api extends Construct {
  public readonly httpApi: apigwv2.HttpApi;
  /** The API's base URL, with a trailing slash: `https://<id>.execute-api.<region>.amazonaws.com/`. */
  public readonly url: string;
  /** Where the stage writes one JSON line per request. */
  public readonly accessLogs: logs.LogGroup;
  /** Its functions, one per declared route. */
  public readonly functions: DeclaredFunction[] = [];
  /** The nested stacks of the routes, one per group of the contract, by group. */
  public readonly groups: Record<string, ApiRoutes> = {};

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
    const endpoints = { ...props.endpoints, userPool, moderatorsGroup, accountRecord };
    for (const declaration of functionsTriggeredBy('http')) {
      const { trigger } = declaration;
      const group = GROUP_OF.get(trigger.route);
      if (!group) throw new Error(`${declaration.id}'s route is not one of functions/contract/routes.ts`);
      this.groups[group] ??= new ApiRoutes(this, `${group[0]!.toUpperCase()}${group.slice(1)}Routes`, { group });
      const { fn, route } = this.groups[group].add(declaration, {
        data: props.data,
        endpoints,
        httpApi: this.httpApi,
        authorizer,
        acknowledge: props.managesConnections,
      });
      this.functions.push(fn);
      const { rateLimit, burstLimit } = throttleOf(trigger);
      routeSettings[routeKey(trigger.route)] = { ThrottlingRateLimit: rateLimit, ThrottlingBurstLimit: burstLimit };
      // A stage may only name routes that exist: CloudFormation must create them first.
      cfnStage.node.addDependency(route);
    }
    cfnStage.routeSettings = routeSettings;
  }
}

type HttpDeclaration = FunctionDeclaration & { trigger: HttpTrigger };

/** What a group's nested stack needs to build one route. */
type RouteBinding = {
  readonly data: Data;
  readonly endpoints: Partial<Record<EndpointName, EndpointBinding>>;
  readonly httpApi: apigwv2.IHttpApi;
  readonly authorizer: apigwv2.IHttpRouteAuthorizer;
  /** cdk-nag findings to acknowledge on a function (Live's, for those that manage its connections). */
  readonly acknowledge?: ApiProps['managesConnections'];
};

/**
 * One group of the contract's routes (`posts`, `comments`…): each route's function and its API
 * Gateway route and integration, in a nested stack. What they use from the parent (tables, the API,
 * the authorizer, the user pool) arrives as the nested template's parameters.
 */
export class ApiRoutes extends NestedStack {
  constructor(scope: Construct, id: string, props: { group: string }) {
    super(scope, id, { description: `Vaya día: the HTTP API's ${props.group} routes` });
    Validations.of(this).acknowledge({
      id: 'AwsSolutions-APIG4',
      reason:
        'The public GET routes are open reads by design (docs/api.md); every route of signed-in users (writes, votes, moderation, /me) has the Cognito JWT authorizer, as each route of functions/contract/routes.ts says.',
    });
  }

  /** Builds a declared route's function, and its route on the API with the authorizer its `auth` asks. */
  add(declaration: HttpDeclaration, binding: RouteBinding): { fn: DeclaredFunction; route: apigwv2.HttpRoute } {
    const fn = new DeclaredFunction(this, { declaration, data: binding.data, endpoints: binding.endpoints });
    const acknowledged = binding.acknowledge?.(declaration, fn) ?? [];
    if (acknowledged.length > 0) Validations.of(fn).acknowledge(...acknowledged);
    const { route } = declaration.trigger;
    const httpRoute = new apigwv2.HttpRoute(this, `${declaration.id}Route`, {
      httpApi: binding.httpApi,
      routeKey: apigwv2.HttpRouteKey.with(route.path, apigwv2.HttpMethod[route.method]),
      integration: new HttpLambdaIntegration(`${declaration.id}Integration`, fn.function),
      authorizer: route.auth === 'public' ? undefined : binding.authorizer,
    });
    return { fn, route: httpRoute };
  }
}
