import { RemovalPolicy, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpUserPoolAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import * as logs from 'aws-cdk-lib/aws-logs';
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
    // No CORS: the app calls the API under the site's own origin (CloudFront's API behaviours).
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
  }
}
