import { markNotificationsRead } from '../../domain/notifications';
import { callerOf, httpHandler, noContent, parseJsonBody } from './http';
import { notificationStore } from '../../wiring';

const notifications = notificationStore();

/**
 * POST /me/notifications/read { ids? } — those of the caller's notifications read, or all of them.
 * A suspended account keeps it (its own notifications). An empty body means all.
 */
export const handler = httpHandler(async (event) => {
  const body = event.body === undefined || event.body === null || event.body === '' ? {} : parseJsonBody(event);
  await markNotificationsRead({ notifications }, callerOf(event), body);
  return noContent();
});
