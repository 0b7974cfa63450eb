import { markNotificationsRead } from '../../domain/notifications';
import { noContent, parseJsonBody, signedInHandler } from './http';
import { notificationStore } from '../../wiring';

const notifications = notificationStore();

/**
 * POST /me/notifications/read { ids? } — those of the caller's notifications read, or all of them.
 * A suspended account keeps it (its own notifications: docs/api.md, "Account state"). An empty body means all.
 */
export const handler = signedInHandler(async (event, caller) => {
  const body = event.body === undefined || event.body === null || event.body === '' ? {} : parseJsonBody(event);
  await markNotificationsRead({ notifications }, caller, body);
  return noContent();
});
