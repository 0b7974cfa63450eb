import { RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as ssm from 'aws-cdk-lib/aws-ssm';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import * as cr from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';

/**
 * CloudFront only takes web ACLs of scope CLOUDFRONT, and those exist in us-east-1 only, whatever
 * region the site is in. The ACL's stack writes its ARN to this SSM parameter there; the site's stack
 * reads it back (see {@link FirewallArn}).
 */
export const FIREWALL_REGION = 'us-east-1';
export const FIREWALL_ARN_PARAMETER = '/vaya-dia/firewall/web-acl-arn';

/**
 * Requests from one IP address in any 5 minutes above which WAF answers 429 until the rate falls:
 * every request (documents, files, API), and writes (POST, PUT, PATCH, DELETE: API calls only).
 */
export const FIREWALL_LIMITS = { allRequests: 2000, writes: 100 } as const;

/**
 * A WAF web ACL for the distribution (scope CLOUDFRONT, so it must be created in us-east-1): two
 * rate-based rules per client IP, answered 429 (all requests; writes), everything else allowed, with
 * CloudWatch metrics and sampled requests for each rule. Its ARN goes to an SSM parameter.
 *
 * Cost (us-east-1 prices): 5 USD a month for the ACL, 1 USD a month per rule, 0.60 USD per million
 * requests inspected; about 7 USD a month for a small site.
 */
export class RateLimitFirewall extends Construct {
  public readonly webAcl: wafv2.CfnWebACL;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const visibility = (metricName: string): wafv2.CfnWebACL.VisibilityConfigProperty => ({
      cloudWatchMetricsEnabled: true,
      sampledRequestsEnabled: true,
      metricName,
    });
    const tooManyRequests: wafv2.CfnWebACL.RuleActionProperty = { block: { customResponse: { responseCode: 429 } } };
    const method = (name: string): wafv2.CfnWebACL.StatementProperty => ({
      byteMatchStatement: {
        fieldToMatch: { method: {} },
        positionalConstraint: 'EXACTLY',
        searchString: name,
        textTransformations: [{ priority: 0, type: 'NONE' }],
      },
    });
    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      name: 'VayaDia',
      description: 'Vaya dia: rate limits per client IP',
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('VayaDia'),
      rules: [
        {
          name: 'RequestsPerIp',
          priority: 0,
          action: tooManyRequests,
          statement: { rateBasedStatement: { aggregateKeyType: 'IP', evaluationWindowSec: 300, limit: FIREWALL_LIMITS.allRequests } },
          visibilityConfig: visibility('VayaDiaRequestsPerIp'),
        },
        {
          name: 'WritesPerIp',
          priority: 1,
          action: tooManyRequests,
          statement: {
            rateBasedStatement: {
              aggregateKeyType: 'IP',
              evaluationWindowSec: 300,
              limit: FIREWALL_LIMITS.writes,
              scopeDownStatement: { orStatement: { statements: ['POST', 'PUT', 'PATCH', 'DELETE'].map(method) } },
            },
          },
          visibilityConfig: visibility('VayaDiaWritesPerIp'),
        },
      ],
    });
    new ssm.StringParameter(this, 'Arn', {
      parameterName: FIREWALL_ARN_PARAMETER,
      description: "Vaya día: the web ACL the site's distribution uses (read by the VayaDia stack)",
      stringValue: this.webAcl.attrArn,
    });
  }
}

/**
 * The web ACL's ARN, read at deploy time from the SSM parameter {@link RateLimitFirewall} writes in
 * us-east-1 (a CloudFormation stack can only reference values of its own region, and the site's
 * stack goes wherever the operator deploys it).
 */
export class FirewallArn extends Construct {
  public readonly arn: string;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const parameterArn = Stack.of(this).formatArn({
      service: 'ssm',
      region: FIREWALL_REGION,
      resource: 'parameter',
      resourceName: FIREWALL_ARN_PARAMETER.slice(1),
    });
    const getParameter: cr.AwsSdkCall = {
      service: 'SSM',
      action: 'GetParameter',
      parameters: { Name: FIREWALL_ARN_PARAMETER },
      region: FIREWALL_REGION,
      physicalResourceId: cr.PhysicalResourceId.of(FIREWALL_ARN_PARAMETER),
    };
    const reader = new cr.AwsCustomResource(this, 'Reader', {
      onCreate: getParameter,
      onUpdate: getParameter,
      policy: cr.AwsCustomResourcePolicy.fromStatements([
        new iam.PolicyStatement({ actions: ['ssm:GetParameter'], resources: [parameterArn] }),
      ]),
      installLatestAwsSdk: false,
      logGroup: new logs.LogGroup(this, 'Logs', { retention: logs.RetentionDays.ONE_MONTH, removalPolicy: RemovalPolicy.DESTROY }),
    });
    this.arn = reader.getResponseField('Parameter.Value');
    Validations.of(reader.grantPrincipal as iam.Role).acknowledge({
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      reason: `CDK's AwsCustomResource helper writes its own logs through the basic execution role; its only other permission is ssm:GetParameter on ${FIREWALL_ARN_PARAMETER} in ${FIREWALL_REGION}, during deployments.`,
    });
  }
}
