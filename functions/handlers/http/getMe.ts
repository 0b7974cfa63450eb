import { readMe } from '../../domain/accounts';
import { accountFromClaims } from '../../domain/author';
import { httpHandler, json, jwtClaims } from './http';
import { nameStore, notificationStore } from '../../wiring';

const names = nameStore();
const notifications = notificationStore();

/** GET /me — the caller's apodo (null until chosen), email, role, suspension and unread notifications. */
export const handler = httpHandler(async (event) => json(200, await readMe({ names, notifications }, accountFromClaims(jwtClaims(event)))));
