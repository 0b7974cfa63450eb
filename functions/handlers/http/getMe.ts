import { readMe } from '../../domain/accounts';
import { accountFromClaims } from '../../domain/author';
import { json, jwtClaims, signedInHandler } from './http';
import { notificationStore, suspensionStore } from '../../wiring';

const notifications = notificationStore();
const suspensions = suspensionStore();

/**
 * GET /me — the caller's apodo (null until chosen), email, role, suspension (until when, why) and
 * unread notifications; the apodo and the suspension from the account row read for the request.
 */
export const handler = signedInHandler(
  async (event, caller) =>
    json(200, await readMe({ notifications, suspensions }, { ...accountFromClaims(jwtClaims(event)), row: caller.row })),
  { account: 'current' },
);
