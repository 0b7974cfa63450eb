import { inspect } from 'node:util';
import { pushNotifications } from '../../domain/push';
import type { StoredNotification } from '../../domain/ports/notifications';
import { logger } from '../../observability';
import { pushGateway, vapidKeys } from '../../pushWiring';
import { streamHandler } from '../triggers';
import { pushServices, pushSubscriptionStore, streamImages } from '../../wiring';

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

/**
 * Fed by the notifications table stream, filtered to unread notifications written or changed: each new
 * one, and a coalesced comment notification whose count grew (its version moved), is pushed to its
 * owner's devices (functions/domain/push.ts). Marking read, which removes the unread key, pushes
 * nothing. A push that fails is logged, never retried: the notification is in «Avisos» anyway.
 */
export const handler = streamHandler({
  route: 'push-notifications',
  decode: streamImages().notifications,
  parts: [
    {
      name: 'push-notifications',
      async run(changes) {
        const notifications = changes.flatMap(({ before, after }): StoredNotification[] => {
          if (!after || after.read) return [];
          if (before && before.version === after.version) return [];
          return [after];
        });
        const report = await pushNotifications(deps, notifications);
        logger.info('push notifications', { route: 'push-notifications', records: changes.length, ...report });
      },
    },
  ],
});
