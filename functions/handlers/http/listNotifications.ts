import { readNotifications } from '../../domain/notifications';
import { callerOf, httpHandler, json } from './http';
import { notificationStore } from '../../wiring';

const notifications = notificationStore();

/** GET /me/notifications?limit=&cursor= — «Avisos»: the caller's notifications, newest first. */
export const handler = httpHandler(async (event) => {
  const query = event.queryStringParameters ?? {};
  return json(200, await readNotifications({ notifications }, callerOf(event), { limit: query.limit, cursor: query.cursor }));
});
