/**
 * The site's own metrics, named once: the handlers emit them (functions/observability.ts), and the
 * stack's alarms and dashboard read them (infra/constructs/monitoring.ts). Every metric is a count
 * in CloudWatch's `VayaDia` namespace with one dimension, `service`, which is what Powertools'
 * Metrics adds to each; alarms must name exactly the same dimensions to see it.
 */
export const METRICS_NAMESPACE = 'VayaDia';
export const SERVICE_NAME = 'vaya-dia';
export const METRIC_DIMENSIONS = { service: SERVICE_NAME } as const;

export const METRIC = {
  /** A post entered the feeds (today: a POST /posts; with moderation: a post voted or decided published). */
  postsPublished: 'PostsPublished',
  /** A vote on a published post was stored, changed or removed. */
  votes: 'Votes',
  /** A comment was written. */
  comments: 'Comments',
  /** A post or comment was reported. */
  reports: 'Reports',
  /** A live message delivered to one connection. */
  broadcastsSent: 'BroadcastsSent',
  /** A live message not delivered because its connection was gone (410): the connection is removed. */
  broadcastsGone: 'BroadcastsGone',
  /** A live message that failed for another reason (logged with the connection). */
  broadcastsFailed: 'BroadcastsFailed',
} as const;

export type MetricName = (typeof METRIC)[keyof typeof METRIC];
