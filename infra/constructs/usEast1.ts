import { RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as ssm from 'aws-cdk-lib/aws-ssm';
import * as cr from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';

/**
 * CloudFront takes web ACLs of scope CLOUDFRONT and ACM certificates from us-east-1 only, whatever
 * region the site is in: those live in small stacks of their own there, deployed first.
 */
export const US_EAST_1 = 'us-east-1';

/** Writes `value` to an SSM parameter of the us-east-1 stack `scope` belongs to, for the site's stack to read. */
export function publishToSiteStack(scope: Construct, id: string, parameterName: string, value: string, description: string): void {
  new ssm.StringParameter(scope, id, { parameterName, description, stringValue: value });
}

/**
 * A value a us-east-1 stack wrote to an SSM parameter, read at deploy time (a CloudFormation stack can
 * only reference values of its own region, and the site's stack goes wherever the operator deploys it).
 */
export class UsEast1Parameter extends Construct {
  public readonly value: string;

  constructor(scope: Construct, id: string, parameterName: string) {
    super(scope, id);
    const parameterArn = Stack.of(this).formatArn({
      service: 'ssm',
      region: US_EAST_1,
      resource: 'parameter',
      resourceName: parameterName.slice(1),
    });
    const getParameter: cr.AwsSdkCall = {
      service: 'SSM',
      action: 'GetParameter',
      parameters: { Name: parameterName },
      region: US_EAST_1,
      physicalResourceId: cr.PhysicalResourceId.of(parameterName),
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
    this.value = reader.getResponseField('Parameter.Value');
    Validations.of(reader.grantPrincipal as iam.Role).acknowledge({
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      reason: `CDK's AwsCustomResource helper writes its own logs through the basic execution role; its only other permission is ssm:GetParameter on ${parameterName} in ${US_EAST_1}, during deployments.`,
    });
  }
}
