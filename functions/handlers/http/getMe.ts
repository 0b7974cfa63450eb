import { readMe } from '../../domain/accounts';
import { accountFromClaims } from '../../domain/author';
import { httpHandler, json, jwtClaims } from './http';
import { nameStore, notificationStore, suspensionStore } from '../../wiring';

const names = nameStore();
const notifications = notificationStore();
const suspensions = suspensionStore();

/** GET /me — the caller's apodo (null until chosen), email, role, suspension (until when, why) and unread notifications. */
export const handler = httpHandler(async (event) =>
  json(200, await readMe({ names, notifications, suspensions }, accountFromClaims(jwtClaims(event)))),
);
