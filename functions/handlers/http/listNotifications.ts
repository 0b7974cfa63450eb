import { readNotifications } from '../../domain/notifications';
import { json, signedInHandler } from './http';
import { notificationStore } from '../../wiring';

const notifications = notificationStore({ posts: true });

/** GET /me/notifications?limit=&cursor= — «Avisos»: the caller's notifications, newest first. */
export const handler = signedInHandler(async (event, caller) => {
  const query = event.queryStringParameters ?? {};
  return json(200, await readNotifications({ notifications, posts: notifications }, caller, { limit: query.limit, cursor: query.cursor }));
});
