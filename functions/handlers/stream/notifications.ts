import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { Context, DynamoDBStreamEvent } from 'aws-lambda';
import { inspect } from 'node:util';
import { notifyPostChanges, ownerChannel, type PostStatusChange } from '../../domain/notifications';
import { METRIC } from '../../metrics';
import { count, flushMetrics, logger } from '../../observability';
import { postFromItem } from '../../store/dynamodb/postItems';
import { connectionRepository, dayTopReader, notificationStore } from '../../wiring';
import { sender } from '../ws/sender';

const notifications = notificationStore();
const dayTop = dayTopReader();
const connections = connectionRepository();

const item = (value: unknown) => (value ? unmarshall(value as Record<string, AttributeValue>) : undefined);

/**
 * Fed by the posts table stream (old and new images), filtered to posts whose new image is published
 * or rejected: tells each author that their post was published, rejected (with the reason) or entered
 * the day's Top, stores it in the notifications table and sends it to the author's own sockets
 * (functions/domain/notifications.ts). A record seen again makes nothing new. A failure to store
 * throws, so the batch is retried (bisected, then recorded in the failure destination); a socket that
 * fails is only logged.
 */
export const handler = async (event: DynamoDBStreamEvent, context?: Context): Promise<void> => {
  if (context) logger.addContext(context);
  const changes: PostStatusChange[] = event.Records.map((record) => {
    const after = record.eventName === 'REMOVE' ? undefined : item(record.dynamodb?.NewImage);
    return {
      before: postFromItem(item(record.dynamodb?.OldImage)),
      after: postFromItem(after),
      statusAt: typeof after?.statusAt === 'string' ? after.statusAt : undefined,
    };
  });
  const live = ownerChannel({
    connections,
    sender,
    onError: (connectionId, error) =>
      logger.warn('send failed', { route: 'notifications', connectionId, error: error instanceof Error ? error.name : inspect(error) }),
  });
  const made = await notifyPostChanges({ notifications, live, dayTop }, changes);
  logger.info('notifications', { route: 'notifications', records: event.Records.length, made, ...live.report });
  count(METRIC.broadcastsSent, live.report.sent);
  count(METRIC.broadcastsGone, live.report.gone);
  count(METRIC.broadcastsFailed, live.report.failed);
  flushMetrics();
};
