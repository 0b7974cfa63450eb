import { Aws, Duration, NestedStack, Stack, Validations } from 'aws-cdk-lib';
import * as budgets from 'aws-cdk-lib/aws-budgets';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Construct } from 'constructs';
import { METRIC, METRIC_DIMENSIONS, METRICS_NAMESPACE } from '../../functions/metrics';
import type { Api } from './api';
import type { DeclaredFunction } from './lambdaFunction';
import type { Live } from './live';
import type { Site } from './site';
import { MAIL_ALARM_RATES, type Mail } from './mail';

/**
 * Requests API Gateway refused with 429 (a route's or the stage's throttle), counted from the access
 * logs by metric filters: API Gateway has no metric of its own for them.
 */
export const THROTTLED_METRICS = { api: 'ApiThrottledRequests', live: 'LiveThrottledRequests' } as const;

/** How far behind a stream-fed function may fall before anyone is told. */
const ITERATOR_AGE_LIMIT = Duration.minutes(1);

/** Throttled API requests in five minutes that deserve a look (a flood, or throttles set too tight). */
const THROTTLED_REQUESTS_LIMIT = 100;

export interface MonitoringProps {
  readonly api: Api;
  readonly live: Live;
  readonly site: Site;
  /** Functions outside the API and the live feed (the page function), watched like theirs. @default - none */
  readonly otherFunctions?: readonly DeclaredFunction[];
  /**
   * Where alarms and the budget's alerts are e-mailed (AWS asks the address to confirm first).
   * @default - no subscription: the topic exists, and anyone may subscribe to it later (docs/deploy-and-operate.md)
   */
  readonly alarmEmail?: string;
  /** The monthly cost, in US dollars, the budget alerts on (at 80 % spent, and when 100 % is forecast). */
  readonly monthlyBudgetUsd: number;
  /** The SES sending of Cognito's codes, whose bounce and complaint rates are watched. @default - none (Cognito's sender) */
  readonly mail?: Mail;
}

/**
 * What the operator watches: alarms (API 5xx, each function's errors and throttles, stream iterator
 * age, failed broadcasts waiting in their queue, requests refused by the throttles) sent to one SNS
 * topic with an optional e-mail subscription; a monthly AWS Budgets budget that e-mails the same
 * address; and one CloudWatch dashboard of requests, errors, latency, throttles, iterator age,
 * broadcasts and the site's own counts (functions/metrics.ts).
 *
 * Every alarm treats missing data as fine: an idle site is not an incident.
 *
 * A nested stack of its own: one alarm per function put the stack past CloudFormation's 500
 * resources per template. Nested, its ~70 resources count as one in the parent and deploy with it;
 * what it watches arrives as the nested template's parameters (not exports, which would pin them).
 */
export class Monitoring extends NestedStack {
  /** Alarms and their recoveries are published here. */
  public readonly topic: sns.Topic;
  public readonly alarms: cloudwatch.Alarm[] = [];
  public readonly dashboard: cloudwatch.Dashboard;
  public readonly budget: budgets.CfnBudget;

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id, { description: 'Vaya día: alarms, budget and dashboard' });
    const { api, live, site } = props;
    // Alarms and the dashboard are named after the stack people deploy (`VayaDia`), not this nested one.
    const stackName = (this.nestedStackParent ?? Stack.of(scope)).stackName;
    const functions: DeclaredFunction[] = [...api.functions, ...live.functions, ...(props.otherFunctions ?? [])];

    this.topic = new sns.Topic(this, 'Alarms', { displayName: 'Vaya día: alarmas', enforceSSL: true });
    // The topic's policy (written because of enforceSSL) must let CloudWatch publish the alarms.
    this.topic.addToResourcePolicy(
      new iam.PolicyStatement({
        principals: [new iam.ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['sns:Publish'],
        resources: [this.topic.topicArn],
        conditions: { StringEquals: { 'aws:SourceAccount': Aws.ACCOUNT_ID } },
      }),
    );
    if (props.alarmEmail) this.topic.addSubscription(new subscriptions.EmailSubscription(props.alarmEmail));
    Validations.of(this.topic).acknowledge({
      id: 'AwsSolutions-SNS2',
      reason:
        'Alarm notifications carry alarm names and numbers, no personal data; CloudWatch cannot publish to a topic encrypted with the AWS-managed SNS key, and a customer-managed key would cost more than the rest of the monitoring.',
    });

    const alarm = (id: string, description: string, options: cloudwatch.AlarmProps) => {
      const created = new cloudwatch.Alarm(this, id, {
        // Named for people reading an e-mail or the console: `VayaDia-ApiServerErrors`.
        alarmName: `${stackName}-${id}`,
        alarmDescription: description,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
        ...options,
      });
      created.addAlarmAction(new SnsAction(this.topic));
      created.addOkAction(new SnsAction(this.topic));
      this.alarms.push(created);
      return created;
    };
    const fiveMinutes = Duration.minutes(5);

    // The API answered 5xx: a function failed, timed out, or its answer was malformed.
    alarm('ApiServerErrors', 'The HTTP API answered 5xx (a function failed or timed out); see the functions’ logs by requestId.', {
      metric: api.httpApi.metricServerError({ period: fiveMinutes, statistic: cloudwatch.Stats.SUM }),
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    });

    // Each function: an error or a throttle (Lambda refused to run it: concurrency exhausted).
    for (const fn of functions) {
      const name = fn.node.id;
      alarm(`${name}ErrorsOrThrottles`, `${name}: the function failed or Lambda throttled it.`, {
        metric: new cloudwatch.MathExpression({
          expression: 'FILL(errors, 0) + FILL(throttles, 0)',
          usingMetrics: {
            errors: fn.function.metricErrors({ period: fiveMinutes, statistic: cloudwatch.Stats.SUM }),
            throttles: fn.function.metricThrottles({ period: fiveMinutes, statistic: cloudwatch.Stats.SUM }),
          },
          label: `${name} errors + throttles`,
          period: fiveMinutes,
        }),
        threshold: 1,
        evaluationPeriods: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      });
    }

    // A stream-fed function falling behind: live messages arrive late, then records expire.
    for (const fn of live.streamFunctions) {
      alarm(`${fn.node.id}IteratorAge`, `${fn.node.id} is over ${ITERATOR_AGE_LIMIT.toSeconds()} s behind its stream for 5 minutes.`, {
        metric: iteratorAge(fn, Duration.minutes(1)),
        threshold: ITERATOR_AGE_LIMIT.toMilliseconds(),
        evaluationPeriods: 5,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
      });
    }

    // Broadcasts that failed every retry wait in this queue: nothing else reads it.
    alarm('FailedBroadcasts', 'A broadcast batch failed every retry: its stream records are in the failed-broadcasts queue.', {
      metric: live.failedBroadcasts.metricApproximateNumberOfMessagesVisible({ period: fiveMinutes, statistic: cloudwatch.Stats.MAXIMUM }),
      threshold: 0,
      evaluationPeriods: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
    });

    // Requests the throttles refused, from the access logs (API Gateway has no metric for them).
    const throttled = {
      api: throttledRequests(this, 'ApiThrottled', api.accessLogs, THROTTLED_METRICS.api),
      live: throttledRequests(this, 'LiveThrottled', live.accessLogs, THROTTLED_METRICS.live),
    };
    alarm(
      'ApiThrottling',
      `Over ${THROTTLED_REQUESTS_LIMIT} API requests in 5 minutes were refused by the route throttles (a flood, or throttles too tight).`,
      {
        metric: throttled.api.with({ period: fiveMinutes, statistic: cloudwatch.Stats.SUM }),
        threshold: THROTTLED_REQUESTS_LIMIT,
        evaluationPeriods: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
      },
    );

    const { alarmEmail } = props;
    // SES reviews an account past 5 % bounces or 0.1 % complaints, and may stop its sending: heard before.
    if (props.mail) {
      const rate = (metricName: string) =>
        new cloudwatch.Metric({
          namespace: 'AWS/SES',
          metricName,
          dimensionsMap: { 'ses:configuration-set': props.mail!.configurationSet.configurationSetName },
          period: Duration.hours(1),
          statistic: cloudwatch.Stats.AVERAGE,
        });
      const above = cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD;
      alarm('MailBounces', 'Codes bounce: check the addresses people sign up with (SES reviews the account at 5 %).', {
        metric: rate('Reputation.BounceRate'),
        threshold: MAIL_ALARM_RATES.bounce,
        evaluationPeriods: 1,
        comparisonOperator: above,
      });
      alarm('MailComplaints', 'People mark the codes as spam (SES reviews the account at 0.1 %).', {
        metric: rate('Reputation.ComplaintRate'),
        threshold: MAIL_ALARM_RATES.complaint,
        evaluationPeriods: 1,
        comparisonOperator: above,
      });
    }

    this.budget = new budgets.CfnBudget(this, 'Budget', {
      budget: {
        budgetType: 'COST',
        timeUnit: 'MONTHLY',
        budgetLimit: { amount: props.monthlyBudgetUsd, unit: 'USD' },
      },
      notificationsWithSubscribers: alarmEmail
        ? [
            { threshold: 80, notificationType: 'ACTUAL' },
            { threshold: 100, notificationType: 'FORECASTED' },
          ].map(({ threshold, notificationType }) => ({
            notification: { comparisonOperator: 'GREATER_THAN', notificationType, threshold, thresholdType: 'PERCENTAGE' },
            subscribers: [{ subscriptionType: 'EMAIL', address: alarmEmail }],
          }))
        : undefined,
    });

    this.dashboard = new cloudwatch.Dashboard(this, 'Dashboard', {
      dashboardName: stackName,
      defaultInterval: Duration.hours(3),
    });
    const minute = Duration.minutes(1);
    const sum = (metric: cloudwatch.Metric, label?: string) => metric.with({ period: minute, statistic: cloudwatch.Stats.SUM, label });
    const own = (name: string, label: string) =>
      new cloudwatch.Metric({
        namespace: METRICS_NAMESPACE,
        metricName: name,
        dimensionsMap: METRIC_DIMENSIONS,
        period: minute,
        statistic: cloudwatch.Stats.SUM,
        label,
      });
    const perFunction = (make: (fn: DeclaredFunction) => cloudwatch.IMetric) => functions.map(make);
    const graph = (title: string, left: cloudwatch.IMetric[], width = 8) => new cloudwatch.GraphWidget({ title, left, width, height: 6 });
    const distributionMetric = (metricName: string, statistic: string, label: string) =>
      new cloudwatch.Metric({
        namespace: 'AWS/CloudFront',
        metricName,
        // CloudFront's metrics exist in us-east-1 only, under Region=Global.
        region: 'us-east-1',
        dimensionsMap: { DistributionId: site.distribution.distributionId, Region: 'Global' },
        period: minute,
        statistic,
        label,
      });
    this.dashboard.addWidgets(
      new cloudwatch.TextWidget({
        markdown: '# Vaya día\nHTTP API, functions, live feed and the site’s own counts. Alarms go to the SNS topic in the stack outputs.',
        width: 24,
        height: 2,
      }),
    );
    this.dashboard.addWidgets(
      graph('API requests', [sum(api.httpApi.metricCount(), 'requests')]),
      graph('API errors', [sum(api.httpApi.metricClientError(), '4xx'), sum(api.httpApi.metricServerError(), '5xx')]),
      graph(
        'API latency (ms)',
        ['p50', 'p90', 'p99'].map((p) => api.httpApi.metricLatency({ period: minute, statistic: p, label: p })),
      ),
    );
    this.dashboard.addWidgets(
      graph('Refused by the throttles (429)', [sum(throttled.api, 'HTTP API'), sum(throttled.live, 'WebSocket $connect')]),
      graph(
        'Function errors',
        perFunction((fn) => fn.function.metricErrors({ period: minute, statistic: cloudwatch.Stats.SUM, label: fn.node.id })),
      ),
      graph(
        'Function throttles',
        perFunction((fn) => fn.function.metricThrottles({ period: minute, statistic: cloudwatch.Stats.SUM, label: fn.node.id })),
      ),
    );
    this.dashboard.addWidgets(
      graph(
        'Function duration p99 (ms)',
        perFunction((fn) => fn.function.metricDuration({ period: minute, statistic: 'p99', label: fn.node.id })),
      ),
      graph('Live: connections and broadcasts', [
        sum(
          new cloudwatch.Metric({
            namespace: 'AWS/ApiGateway',
            metricName: 'ConnectCount',
            dimensionsMap: { ApiId: live.webSocketApi.apiId, Stage: live.stage.stageName },
          }),
          'new connections',
        ),
        own(METRIC.broadcastsSent, 'sent'),
        own(METRIC.broadcastsGone, 'gone (410)'),
        own(METRIC.broadcastsFailed, 'failed'),
      ]),
      graph('Stream iterator age (ms) and failed broadcasts', [
        ...live.streamFunctions.map((fn) => iteratorAge(fn, minute)),
        live.failedBroadcasts.metricApproximateNumberOfMessagesVisible({
          period: minute,
          statistic: cloudwatch.Stats.MAXIMUM,
          label: 'failed-broadcast queue',
        }),
      ]),
    );
    this.dashboard.addWidgets(
      graph(
        'Posts published, votes, comments, reports',
        [
          own(METRIC.postsPublished, 'posts published'),
          own(METRIC.votes, 'votes'),
          own(METRIC.comments, 'comments'),
          own(METRIC.reports, 'reports'),
        ],
        12,
      ),
      graph(
        'CloudFront (requests, error rates %)',
        [
          distributionMetric('Requests', cloudwatch.Stats.SUM, 'requests'),
          distributionMetric('4xxErrorRate', cloudwatch.Stats.AVERAGE, '4xx %'),
          distributionMetric('5xxErrorRate', cloudwatch.Stats.AVERAGE, '5xx %'),
        ],
        12,
      ),
    );
  }
}

function iteratorAge(fn: DeclaredFunction, period: Duration): cloudwatch.Metric {
  return fn.function.metric('IteratorAge', { period, statistic: cloudwatch.Stats.MAXIMUM, label: `${fn.node.id} iterator age` });
}

/** A metric counting the access-log lines of `logGroup` whose status is 429. */
function throttledRequests(scope: Construct, id: string, logGroup: logs.ILogGroup, metricName: string): cloudwatch.Metric {
  const filter = new logs.MetricFilter(scope, id, {
    logGroup,
    // The access logs' `status` is written as a string ("$context.status" in the format).
    filterPattern: logs.FilterPattern.stringValue('$.status', '=', '429'),
    metricNamespace: METRICS_NAMESPACE,
    metricName,
    metricValue: '1',
  });
  return filter.metric();
}
