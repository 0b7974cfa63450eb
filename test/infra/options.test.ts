/**
 * The stack with every operator option (`-c waf=true -c alarmEmail=… -c monthlyBudgetUsd=…`), and
 * the app's refusals of bad values before any synth.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp, stackNames } from '../../infra/app';
import { firewallArnParameter, FIREWALL_LIMITS } from '../../infra/constructs/firewall';

const FIREWALL_ARN_PARAMETER = firewallArnParameter('dev');
import { fakeWebDist, logicalId, render, synthesize, type CfnResourceJson, type Synthesized } from './synth';

const OPTIONS = { waf: 'true', alarmEmail: 'ops@example.com', monthlyBudgetUsd: '50' };

let s: Synthesized;
beforeAll(() => {
  // Without bundling the functions: nothing here reads their code (synth.ts, SynthesizeOptions).
  s = synthesize(OPTIONS, { bundle: false });
}, 180_000);

const ofType = (resources: Record<string, CfnResourceJson>, type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);

describe('with -c waf=true', () => {
  it('leaves no cdk-nag AwsSolutions error or warning unacknowledged in either stack', () => {
    expect(s.nagFindings).toEqual([]);
  });

  it('creates the web ACL in a stack of its own in us-east-1 (where CloudFront web ACLs live), deployed before the site', () => {
    expect(s.firewall?.region).toBe('us-east-1');
    expect(s.assembly.getStackByName(stackNames('dev').site).dependencies.map((d) => d.id)).toContain(stackNames('dev').firewall);
  });

  it('limits requests per client IP: all of them, and writes much tighter, answering 429', () => {
    const [[, acl]] = ofType(s.firewall!.json.Resources, 'AWS::WAFv2::WebACL') as [[string, CfnResourceJson]];
    expect(acl.Properties).toMatchObject({ Scope: 'CLOUDFRONT', DefaultAction: { Allow: {} } });
    const rules = acl.Properties.Rules as {
      Name: string;
      Action: unknown;
      Statement: { RateBasedStatement: Record<string, unknown> };
      VisibilityConfig: Record<string, unknown>;
    }[];
    expect(rules.map((rule) => rule.Name)).toEqual(['RequestsPerIp', 'WritesPerIp']);
    for (const rule of rules) {
      expect(rule.Action).toEqual({ Block: { CustomResponse: { ResponseCode: 429 } } });
      expect(rule.Statement.RateBasedStatement).toMatchObject({ AggregateKeyType: 'IP', EvaluationWindowSec: 300 });
      expect(rule.VisibilityConfig).toMatchObject({ CloudWatchMetricsEnabled: true, SampledRequestsEnabled: true });
    }
    expect(rules[0]!.Statement.RateBasedStatement.Limit).toBe(FIREWALL_LIMITS.allRequests);
    expect(rules[1]!.Statement.RateBasedStatement.Limit).toBe(FIREWALL_LIMITS.writes);
    const methods = (
      rules[1]!.Statement.RateBasedStatement.ScopeDownStatement as {
        OrStatement: { Statements: { ByteMatchStatement: { FieldToMatch: unknown; SearchString: string } }[] };
      }
    ).OrStatement.Statements.map((statement) => {
      expect(statement.ByteMatchStatement.FieldToMatch).toEqual({ Method: {} });
      return statement.ByteMatchStatement.SearchString;
    });
    expect(methods).toEqual(['POST', 'PUT', 'PATCH', 'DELETE']);
  });

  it('puts the distribution behind it, reading its ARN from the SSM parameter the firewall stack writes', () => {
    const [[aclId]] = ofType(s.firewall!.json.Resources, 'AWS::WAFv2::WebACL') as [[string, CfnResourceJson]];
    const [[, parameter]] = ofType(s.firewall!.json.Resources, 'AWS::SSM::Parameter') as [[string, CfnResourceJson]];
    expect(parameter.Properties).toMatchObject({ Name: FIREWALL_ARN_PARAMETER, Type: 'String', Value: { 'Fn::GetAtt': [aclId, 'Arn'] } });

    const [[readerId, reader]] = ofType(s.json.Resources, 'Custom::AWS') as [[string, CfnResourceJson]];
    for (const event of ['Create', 'Update']) {
      expect(JSON.parse(render(reader.Properties[event]))).toMatchObject({
        service: 'SSM',
        action: 'GetParameter',
        parameters: { Name: FIREWALL_ARN_PARAMETER },
        region: 'us-east-1',
      });
    }
    const config = s.json.Resources[logicalId(s.stack.site.distribution)]!.Properties.DistributionConfig as Record<string, unknown>;
    expect(config.WebACLId).toEqual({ 'Fn::GetAtt': [readerId, 'Parameter.Value'] });
    const [[, policy]] = ofType(s.json.Resources, 'AWS::IAM::Policy').filter(([id]) => id.startsWith('FirewallReader')) as [
      [string, CfnResourceJson],
    ];
    expect(
      (policy.Properties.PolicyDocument as { Statement: { Action: unknown; Resource: unknown }[] }).Statement.map((st) => [
        st.Action,
        render(st.Resource),
      ]),
    ).toEqual([['ssm:GetParameter', `arn:\${AWS::Partition}:ssm:us-east-1:\${AWS::AccountId}:parameter${FIREWALL_ARN_PARAMETER}`]]);
  });
});

describe('with every option', () => {
  it('keeps each template well under CloudFormation’s 500 resources (monitoring and each group of routes are nested stacks)', () => {
    const count = (template: { Resources: object }) => Object.keys(template.Resources).length;
    expect(count(s.json)).toBeLessThan(450);
    expect(count(s.monitoring)).toBeLessThan(450);
    expect(Object.keys(s.routes)).toEqual(expect.arrayContaining(['posts', 'comments', 'moderation', 'accounts']));
    for (const [group, template] of Object.entries(s.routes)) {
      expect(count(template), group).toBeLessThan(450);
      // CloudFormation's other limits of a template: 200 parameters, 200 outputs.
      expect(Object.keys(template.Parameters ?? {}).length, group).toBeLessThan(200);
      expect(Object.keys(template.Outputs ?? {}).length, group).toBeLessThan(200);
    }
    expect(ofType(s.json.Resources, 'AWS::CloudWatch::Alarm')).toEqual([]);
  });
});

describe('with -c alarmEmail and -c monthlyBudgetUsd', () => {
  it('subscribes the address to the alarm topic', () => {
    const [[, subscription]] = ofType(s.monitoring.Resources, 'AWS::SNS::Subscription') as [[string, CfnResourceJson]];
    expect(subscription.Properties).toEqual({
      Protocol: 'email',
      Endpoint: OPTIONS.alarmEmail,
      TopicArn: { Ref: logicalId(s.stack.monitoring.topic) },
    });
  });

  it('e-mails it when 80 % of the monthly budget is spent and when over 100 % is forecast', () => {
    const [[, budget]] = ofType(s.monitoring.Resources, 'AWS::Budgets::Budget') as [[string, CfnResourceJson]];
    const subscribers = [{ SubscriptionType: 'EMAIL', Address: OPTIONS.alarmEmail }];
    expect(budget.Properties).toEqual({
      Budget: { BudgetType: 'COST', TimeUnit: 'MONTHLY', BudgetLimit: { Amount: 50, Unit: 'USD' } },
      NotificationsWithSubscribers: [
        {
          Notification: { ComparisonOperator: 'GREATER_THAN', NotificationType: 'ACTUAL', Threshold: 80, ThresholdType: 'PERCENTAGE' },
          Subscribers: subscribers,
        },
        {
          Notification: { ComparisonOperator: 'GREATER_THAN', NotificationType: 'FORECASTED', Threshold: 100, ThresholdType: 'PERCENTAGE' },
          Subscribers: subscribers,
        },
      ],
    });
  });
});

describe('the app refuses, before synthesizing anything,', () => {
  const app = (context: Record<string, string>) => () => createApp({ context, webDist: fakeWebDist() });

  it('an alarm address that is not an e-mail address', () => {
    expect(app({ alarmEmail: 'ops-at-example' })).toThrow('-c alarmEmail=ops-at-example is not an e-mail address');
  });

  it.each(['0', '-5', 'veinte'])('a monthly budget of %s', (amount) => {
    expect(app({ monthlyBudgetUsd: amount })).toThrow(`-c monthlyBudgetUsd=${amount} must be a positive number of US dollars`);
  });

  it('a waf value other than true or false', () => {
    expect(app({ waf: 'yes' })).toThrow('Context waf must be true or false');
  });
});
