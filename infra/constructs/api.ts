import { RemovalPolicy, Stack, ArnFormat, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpUserPoolAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as cr from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import { functionsTriggeredBy } from '../functions';
import type { Data } from './data';
import { DeclaredFunction } from './lambdaFunction';

export interface ApiProps {
  readonly data: Data;
  /** The user pool whose ID tokens `POST /posts` accepts. */
  readonly userPool: cognito.IUserPool;
  /** The web app's client: the JWT authorizer's audience. */
  readonly userPoolClient: cognito.IUserPoolClient;
  /**
   * The browser origins allowed by CORS (no trailing slash): the site and the local web app.
   * May hold tokens such as the distribution's domain name.
   */
  readonly allowedOrigins: string[];
  /**
   * Stage throttling, for all routes together.
   * @default { rateLimit: 50, burstLimit: 100 }
   */
  readonly throttle?: apigwv2.ThrottleSettings;
}

/**
 * The HTTP API of DESIGN.md §3: one Lambda per route, each built from its declaration
 * (infra/functions.ts); routes of signed-in users behind a JWT authorizer on the user pool; stage
 * throttling and JSON access logs.
 */
export class Api extends Construct {
  public readonly httpApi: apigwv2.HttpApi;
  /** The API's base URL, with a trailing slash: `https://<id>.execute-api.<region>.amazonaws.com/`. */
  public readonly url: string;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    // CORS is not set here but by `Cors` below: see there.
    this.httpApi = new apigwv2.HttpApi(this, 'HttpApi', {
      description: 'Vaya día: posts',
      createDefaultStage: false,
    });
    const accessLogs = new logs.LogGroup(this, 'AccessLogs', {
      retention: logs.RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const stage = this.httpApi.addStage('DefaultStage', {
      stageName: '$default',
      autoDeploy: true,
      throttle: props.throttle ?? { rateLimit: 50, burstLimit: 100 },
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
    for (const declaration of functionsTriggeredBy('http')) {
      const fn = new DeclaredFunction(this, { declaration, data: props.data });
      const { method, path, auth } = declaration.trigger;
      this.httpApi.addRoutes({
        path,
        methods: [apigwv2.HttpMethod[method]],
        integration: new HttpLambdaIntegration(`${declaration.id}Integration`, fn.function),
        authorizer: auth === 'user' ? authorizer : undefined,
      });
    }
    Validations.of(this.httpApi).acknowledge(
      {
        id: 'AwsSolutions-APIG4',
        reason: 'The GET routes are public reads by design (DESIGN §3); the only write, POST /posts, has the Cognito JWT authorizer.',
      },
    );

    this.allowOrigins(props.allowedOrigins);
  }

  /**
   * CORS, set after both the API and the distribution exist. The distribution's Content-Security-Policy
   * names the API's endpoint, so the API cannot also name the distribution in its own CloudFormation
   * properties (a dependency cycle). An UpdateApi call made once both exist breaks the cycle; the
   * API's template never sets CORS, so CloudFormation's later updates of the API leave it alone.
   */
  private allowOrigins(origins: string[]): void {
    const stack = Stack.of(this);
    const apiArn = stack.formatArn({
      service: 'apigateway',
      account: '',
      resource: '/apis',
      resourceName: this.httpApi.apiId,
      arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
    });
    const updateApi: cr.AwsSdkCall = {
      service: 'ApiGatewayV2',
      action: 'UpdateApi',
      parameters: {
        ApiId: this.httpApi.apiId,
        CorsConfiguration: {
          AllowOrigins: origins,
          AllowMethods: ['GET', 'POST', 'OPTIONS'],
          AllowHeaders: ['authorization', 'content-type'],
          MaxAge: 3600,
        },
      },
      physicalResourceId: cr.PhysicalResourceId.of(`${this.httpApi.apiId}-cors`),
    };
    const cors = new cr.AwsCustomResource(this, 'Cors', {
      onCreate: updateApi,
      onUpdate: updateApi,
      policy: cr.AwsCustomResourcePolicy.fromStatements([
        new iam.PolicyStatement({ actions: ['apigateway:PATCH'], resources: [apiArn] }),
      ]),
      installLatestAwsSdk: false,
      logGroup: new logs.LogGroup(this, 'CorsLogs', {
        retention: logs.RetentionDays.ONE_MONTH,
        removalPolicy: RemovalPolicy.DESTROY,
      }),
    });
    cors.node.addDependency(this.httpApi);
    Validations.of(cors.grantPrincipal as iam.Role).acknowledge({
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      reason: "CDK's AwsCustomResource helper writes its own logs through the basic execution role; its only other permission is apigateway:PATCH on this API.",
    });
  }
}
