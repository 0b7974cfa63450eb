import { readNotifications } from '../../domain/notifications';
import { json, signedInHandler } from './http';
import { notificationStore } from '../../wiring';

const notifications = notificationStore();

/** GET /me/notifications?limit=&cursor= — «Avisos»: the caller's notifications, newest first. */
export const handler = signedInHandler(async (event, caller) => {
  const query = event.queryStringParameters ?? {};
  return json(200, await readNotifications({ notifications }, caller, { limit: query.limit, cursor: query.cursor }));
});
