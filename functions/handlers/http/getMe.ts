import { readMe } from '../../domain/accounts';
import { accountFromClaims } from '../../domain/author';
import { json, jwtClaims, signedInHandler } from './http';
import { appealStore, notificationStore, suspensionStore } from '../../wiring';

const notifications = notificationStore();
const suspensions = suspensionStore();
const appeals = appealStore();

/**
 * GET /me — the caller's apodo (null until chosen), email, role, suspension (until when, why, its
 * appeal) and unread notifications; the apodo and the suspension from the account row read for the request.
 */
export const handler = signedInHandler(
  async (event, caller) =>
    json(200, await readMe({ notifications, suspensions, appeals }, { ...accountFromClaims(jwtClaims(event)), row: caller.row })),
  { account: 'current' },
);
