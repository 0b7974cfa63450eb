import { inspect } from 'node:util';
import { notifyPostChanges, ownerChannel, type PostStatusChange } from '../../domain/notifications';
import type { FilterPattern } from '../../filterPatterns';
import { METRIC } from '../../metrics';
import { count, logger } from '../../observability';
import type { StreamPart } from '../triggers';
import { connectionRepository, dayTopReader, notificationStore } from '../../wiring';
import { sender } from '../ws/sender';
import { changedPost } from './derivedFromPosts';

/**
 * The authors' notifications of the posts stream, as a part of its reader without a batching window
 * (functions/handlers/stream/postsAtOnce.ts): tells each author that their post was published,
 * rejected (with the reason) or entered the day's Top, stores it in the notifications table and
 * sends it to the author's own sockets (functions/domain/notifications.ts). A record seen again makes
 * nothing new. A failure to store throws: the records of the posts that failed are retried
 * (functions/handlers/triggers.ts), then recorded in the failure destination; a socket that fails is
 * only logged.
 */
export function postNotifications(filters: readonly FilterPattern[]): StreamPart<PostStatusChange> {
  const notifications = notificationStore({ accounts: true });
  const dayTop = dayTopReader();
  const connections = connectionRepository();
  return {
    name: 'notifications',
    filters,
    keyOf: changedPost,
    async run(changes) {
      const live = ownerChannel({
        connections,
        sender,
        onError: (connectionId, error) =>
          logger.warn('send failed', { route: 'notifications', connectionId, error: error instanceof Error ? error.name : inspect(error) }),
      });
      const made = await notifyPostChanges({ notifications, live, dayTop }, changes);
      logger.info('notifications', { route: 'notifications', records: changes.length, made, ...live.report });
      count(METRIC.broadcastsSent, live.report.sent);
      count(METRIC.broadcastsGone, live.report.gone);
      count(METRIC.broadcastsFailed, live.report.failed);
    },
  };
}
