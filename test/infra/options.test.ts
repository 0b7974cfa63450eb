/**
 * The stack with every operator option (`-c alarmEmail=… -c monthlyBudgetUsd=…`), and the app's
 * refusals of bad values before any synth.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../infra/app';
import { fakeWebDist, logicalId, synthesize, type CfnResourceJson, type Synthesized } from './synth';

const OPTIONS = { alarmEmail: 'ops@example.com', monthlyBudgetUsd: '50' };

let s: Synthesized;
beforeAll(() => {
  s = synthesize(OPTIONS);
}, 180_000);

const ofType = (resources: Record<string, CfnResourceJson>, type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);

describe('with -c alarmEmail and -c monthlyBudgetUsd', () => {
  it('leaves no cdk-nag AwsSolutions error or warning unacknowledged', () => {
    expect(s.nagFindings).toEqual([]);
  });

  it('subscribes the address to the alarm topic', () => {
    const [[, subscription]] = ofType(s.json.Resources, 'AWS::SNS::Subscription') as [[string, CfnResourceJson]];
    expect(subscription.Properties).toEqual({ Protocol: 'email', Endpoint: OPTIONS.alarmEmail, TopicArn: { Ref: logicalId(s.stack.monitoring.topic) } });
  });

  it('e-mails it when 80 % of the monthly budget is spent and when over 100 % is forecast', () => {
    const [[, budget]] = ofType(s.json.Resources, 'AWS::Budgets::Budget') as [[string, CfnResourceJson]];
    const subscribers = [{ SubscriptionType: 'EMAIL', Address: OPTIONS.alarmEmail }];
    expect(budget.Properties).toEqual({
      Budget: { BudgetType: 'COST', TimeUnit: 'MONTHLY', BudgetLimit: { Amount: 50, Unit: 'USD' } },
      NotificationsWithSubscribers: [
        { Notification: { ComparisonOperator: 'GREATER_THAN', NotificationType: 'ACTUAL', Threshold: 80, ThresholdType: 'PERCENTAGE' }, Subscribers: subscribers },
        { Notification: { ComparisonOperator: 'GREATER_THAN', NotificationType: 'FORECASTED', Threshold: 100, ThresholdType: 'PERCENTAGE' }, Subscribers: subscribers },
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
});
