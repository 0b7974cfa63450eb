import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { Context, DynamoDBStreamEvent } from 'aws-lambda';
import { inspect } from 'node:util';
import { pushNotifications } from '../../domain/push';
import type { StoredNotification } from '../../domain/ports/notifications';
import { flushMetrics, logger } from '../../observability';
import { notificationFromItem } from '../../store/dynamodb/notificationStore';
import { pushGateway, vapidKeys } from '../../pushWiring';
import { pushServices, pushSubscriptionStore } from '../../wiring';

const deps = {
  subscriptions: pushSubscriptionStore(),
  keys: vapidKeys(),
  gateway: pushGateway(),
  services: pushServices(),
  onError: (subscription: { endpoint: string }, error: unknown) =>
    logger.warn('push failed', {
      route: 'push-notifications',
      host: URL.canParse(subscription.endpoint) ? new URL(subscription.endpoint).host : '?',
      error: error instanceof Error ? error.message : inspect(error),
    }),
};

const item = (value: unknown) => (value ? unmarshall(value as Record<string, AttributeValue>) : undefined);

/**
 * Fed by the notifications table stream, filtered to unread notifications written or changed: each new
 * one, and a coalesced comment notification whose count grew (its version moved), is pushed to its
 * owner's devices (functions/domain/push.ts). Marking read, which removes the unread key, pushes
 * nothing. A push that fails is logged, never retried: the notification is in «Avisos» anyway.
 */
export const handler = async (event: DynamoDBStreamEvent, context?: Context): Promise<void> => {
  if (context) logger.addContext(context);
  const notifications = event.Records.flatMap((record): StoredNotification[] => {
    const after = item(record.dynamodb?.NewImage);
    const before = item(record.dynamodb?.OldImage);
    const notification = after ? notificationFromItem(after) : undefined;
    if (!notification || notification.read) return [];
    if (record.eventName === 'MODIFY' && before && before.version === after?.version) return [];
    return [notification];
  });
  const report = await pushNotifications(deps, notifications);
  logger.info('push notifications', { route: 'push-notifications', records: event.Records.length, ...report });
  flushMetrics();
};
