/**
 * The Monitoring construct: the alarm topic, alarms, budget and dashboard.
 * The stack as `npm run synth` builds it without Google sign-in, synthesized once for every file of
 * this folder that asks for it (sharedStack).
 */
import { describe, expect, it } from 'vitest';
import { METRIC, METRICS_NAMESPACE, SERVICE_NAME } from '../../functions/metrics';
import { THROTTLED_METRICS } from '../../infra/constructs/monitoring';
import { FUNCTIONS, functionsTriggeredBy } from '../../infra/functions';
import { logicalId, render, sharedStack, type CfnResourceJson } from './synth';

const s = sharedStack('monitoring');
const { ofType } = s;

describe('monitoring', () => {
  const topicRef = () => ({ Ref: logicalId(s.stack.monitoring.topic) });
  const alarms = () => ofType('AWS::CloudWatch::Alarm').map(([id, r]) => [id, r.Properties] as const);
  const alarmOn = (predicate: (props: Record<string, unknown>) => boolean) => alarms().filter(([, p]) => predicate(p));
  const metricsOf = (props: Record<string, unknown>) =>
    props.MetricName
      ? [{ Namespace: props.Namespace, MetricName: props.MetricName, Dimensions: props.Dimensions }]
      : (props.Metrics as { MetricStat?: { Metric: Record<string, unknown> } }[]).flatMap((m) =>
          m.MetricStat ? [m.MetricStat.Metric] : [],
        );
  const dimensionRef = (metric: Record<string, unknown>) => render((metric.Dimensions as { Value: unknown }[])[0]!.Value);

  it('sends every alarm, and its recovery, to one SSL-only topic CloudWatch may publish to; no subscription without -c alarmEmail', () => {
    expect(alarms().length).toBeGreaterThan(0);
    for (const [id, props] of alarms()) {
      expect(props.AlarmActions, id).toEqual([topicRef()]);
      expect(props.OKActions, id).toEqual([topicRef()]);
      expect(props.TreatMissingData, id).toBe('notBreaching');
      expect(props.AlarmDescription, id).toEqual(expect.any(String));
    }
    s.template.resourceCountIs('AWS::SNS::Subscription', 0);
    const [[, policy]] = ofType('AWS::SNS::TopicPolicy') as [[string, CfnResourceJson]];
    const statements = (policy.Properties.PolicyDocument as { Statement: Record<string, unknown>[] }).Statement;
    expect(statements).toContainEqual(expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }));
    expect(statements).toContainEqual(
      expect.objectContaining({ Effect: 'Allow', Action: 'sns:Publish', Principal: { Service: 'cloudwatch.amazonaws.com' } }),
    );
  });

  it('names each alarm after the stack and what it watches', () => {
    const names = alarms()
      .map(([, props]) => props.AlarmName as string)
      .sort();
    expect(names).toEqual(
      [
        'VayaDia-dev-ApiServerErrors',
        'VayaDia-dev-ApiThrottling',
        ...functionsTriggeredBy('stream').map((fn) => `VayaDia-dev-${fn.id}IteratorAge`),
        'VayaDia-dev-FailedBroadcasts',
        ...FUNCTIONS.map((fn) => `VayaDia-dev-${fn.id}ErrorsOrThrottles`),
      ].sort(),
    );
  });

  it('alarms on any API 5xx', () => {
    const [[, props]] = alarmOn((p) => p.MetricName === '5xx') as [[string, Record<string, unknown>]];
    expect(props).toMatchObject({
      Namespace: 'AWS/ApiGateway',
      Statistic: 'Sum',
      Period: 300,
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    });
    expect(dimensionRef(metricsOf(props)[0]!)).toBe(`\${${logicalId(s.stack.api.httpApi)}}`);
  });

  it('alarms on the errors or throttles of every function', () => {
    // The declared functions: those of the API's route stacks, and the main stack's own (not CDK's helpers).
    const functionIds = Object.entries(s.app.Resources)
      .filter(([, r]) => r.Type === 'AWS::Lambda::Function')
      .filter(([id]) => !(id in s.json.Resources) || ['Live', 'Pages', 'ShareCards', 'Maintenance'].some((prefix) => id.startsWith(prefix)))
      .map(([id]) => `\${${id}}`);
    expect(functionIds).toHaveLength(FUNCTIONS.length);
    const watched = alarmOn(
      (p) =>
        Array.isArray(p.Metrics) &&
        (p.Metrics as { Expression?: string }[]).some((m) => m.Expression === 'FILL(errors, 0) + FILL(throttles, 0)'),
    );
    expect(watched).toHaveLength(FUNCTIONS.length);
    for (const [id, props] of watched) {
      const metrics = metricsOf(props);
      expect(metrics.map((m) => m.MetricName).sort(), id).toEqual(['Errors', 'Throttles']);
      expect(new Set(metrics.map(dimensionRef)).size, id).toBe(1);
      expect(props).toMatchObject({ Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold' });
    }
    expect(watched.map(([, props]) => dimensionRef(metricsOf(props)[0]!)).sort()).toEqual(functionIds.sort());
  });

  it('alarms when the live feed is over a minute behind the posts stream for five minutes', () => {
    const [[, props]] = alarmOn((p) => metricsOf(p).some((m) => m.MetricName === 'IteratorAge')) as [[string, Record<string, unknown>]];
    expect(dimensionRef(metricsOf(props)[0]!)).toBe(
      `\${${logicalId(s.stack.live.node.findChild('PostsAtOnce').node.findChild('Function'))}}`,
    );
    expect(props).toMatchObject({ Threshold: 60_000, EvaluationPeriods: 5, ComparisonOperator: 'GreaterThanThreshold' });
    expect((props.Metrics as { MetricStat: { Stat: string; Period: number } }[])[0]!.MetricStat).toMatchObject({
      Stat: 'Maximum',
      Period: 60,
    });
  });

  it('alarms as soon as a failed broadcast waits in its queue', () => {
    const [[, props]] = alarmOn((p) => p.MetricName === 'ApproximateNumberOfMessagesVisible') as [[string, Record<string, unknown>]];
    expect(props).toMatchObject({ Namespace: 'AWS/SQS', Statistic: 'Maximum', Threshold: 0, ComparisonOperator: 'GreaterThanThreshold' });
    expect(dimensionRef(metricsOf(props)[0]!)).toBe(`\${${logicalId(s.stack.live.failedBroadcasts)}.QueueName}`);
  });

  it('counts the requests the throttles refused (429) from both access logs, and alarms on a flood of them', () => {
    const filters = ofType('AWS::Logs::MetricFilter').map(([, r]) => r.Properties);
    expect(filters.map((f) => [render(f.LogGroupName), f.FilterPattern, f.MetricTransformations])).toEqual([
      [
        `\${${logicalId(s.stack.api.accessLogs)}}`,
        '{ $.status = "429" }',
        [{ MetricName: THROTTLED_METRICS.api, MetricNamespace: METRICS_NAMESPACE, MetricValue: '1' }],
      ],
      [
        `\${${logicalId(s.stack.live.accessLogs)}}`,
        '{ $.status = "429" }',
        [{ MetricName: THROTTLED_METRICS.live, MetricNamespace: METRICS_NAMESPACE, MetricValue: '1' }],
      ],
    ]);
    const [[, props]] = alarmOn((p) => p.MetricName === THROTTLED_METRICS.api) as [[string, Record<string, unknown>]];
    expect(props).toMatchObject({ Namespace: METRICS_NAMESPACE, Statistic: 'Sum', Period: 300, Threshold: 100 });
  });

  it('has a monthly cost budget of 20 USD by default, with no alert recipients without -c alarmEmail', () => {
    const [[, budget]] = ofType('AWS::Budgets::Budget') as [[string, CfnResourceJson]];
    expect(budget.Properties).toEqual({ Budget: { BudgetType: 'COST', TimeUnit: 'MONTHLY', BudgetLimit: { Amount: 20, Unit: 'USD' } } });
  });

  it('has one dashboard: requests, errors, latency, throttles, iterator age, broadcasts and the site’s own counts', () => {
    const [[, dashboard]] = ofType('AWS::CloudWatch::Dashboard') as [[string, CfnResourceJson]];
    expect(dashboard.Properties.DashboardName).toBe('VayaDia-dev');
    const body = JSON.stringify(dashboard.Properties.DashboardBody);
    for (const title of [
      'API requests',
      'API errors',
      'API latency',
      'Refused by the throttles',
      'Function errors',
      'Function throttles',
      'Stream iterator age',
      'Live: connections and broadcasts',
      'CloudFront',
    ]) {
      expect(body, title).toContain(title);
    }
    for (const name of [
      ...Object.values(METRIC),
      ...Object.values(THROTTLED_METRICS),
      'IteratorAge',
      'ConnectCount',
      '5xx',
      'Latency',
      'ApproximateNumberOfMessagesVisible',
    ]) {
      expect(body, name).toContain(`\\"${name}\\"`);
    }
    // The site's own metrics with exactly the dimension Powertools gives them.
    expect(body).toContain(`\\"${METRICS_NAMESPACE}\\",\\"${METRIC.postsPublished}\\",\\"service\\",\\"${SERVICE_NAME}\\"`);
  });
});
