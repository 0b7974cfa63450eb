import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { Context, DynamoDBStreamEvent } from 'aws-lambda';
import { inspect } from 'node:util';
import { notifyComments, ownerChannel } from '../../domain/notifications';
import type { StoredComment } from '../../domain/ports/comments';
import { METRIC } from '../../metrics';
import { count, flushMetrics, logger } from '../../observability';
import { commentFromItem } from '../../store/dynamodb/commentStore';
import { connectionRepository, notificationStore, postRepository } from '../../wiring';
import { sender } from '../ws/sender';

const notifications = notificationStore();
const posts = postRepository();
const connections = connectionRepository();

/**
 * Fed by the comments table stream, filtered to new visible comments: each one by someone other than
 * the post's author is counted in that post's one coalesced notification for its author (once, even
 * when the record comes again), which is sent to the author's own sockets. A failure to store throws,
 * so the batch is retried; a socket that fails is only logged.
 */
export const handler = async (event: DynamoDBStreamEvent, context?: Context): Promise<void> => {
  if (context) logger.addContext(context);
  const comments = event.Records.filter((record) => record.eventName === 'INSERT')
    .map((record) => commentFromItem(unmarshall((record.dynamodb?.NewImage ?? {}) as Record<string, AttributeValue>)))
    .filter((comment): comment is StoredComment => comment?.status === 'visible');
  const live = ownerChannel({
    connections,
    sender,
    onError: (connectionId, error) =>
      logger.warn('send failed', {
        route: 'comment-notifications',
        connectionId,
        error: error instanceof Error ? error.name : inspect(error),
      }),
  });
  const made = await notifyComments({ notifications, live, posts }, comments);
  logger.info('comment notifications', { route: 'comment-notifications', records: event.Records.length, made, ...live.report });
  count(METRIC.broadcastsSent, live.report.sent);
  count(METRIC.broadcastsGone, live.report.gone);
  count(METRIC.broadcastsFailed, live.report.failed);
  flushMetrics();
};
