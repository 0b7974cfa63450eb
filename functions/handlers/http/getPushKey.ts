import { pushKey } from '../../domain/push';
import { httpHandler, json } from './http';
import { vapidKeys } from '../../pushWiring';

const keys = vapidKeys();

/** GET /push/key — the VAPID public key a browser subscribes with (the same for everyone). */
export const handler = httpHandler(async () => json(200, await pushKey({ keys })));
