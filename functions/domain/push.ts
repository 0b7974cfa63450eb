/**
 * Web Push (docs/api.md, "Notifications"): a device subscribes with the VAPID public key, its subscription
 * is stored under the account, and each new or grown unread notification is pushed to the account's
 * devices (functions/handlers/stream/pushNotifications.ts). A push service that answers 404 or 410 says
 * the subscription is gone: its row is deleted, as is a row whose keys cannot be encrypted for (its
 * `p256dh` is not a point on P-256: every push to it would fail).
 *
 * A subscription's endpoint is a URL its sender chose, and the server sends requests to it: it must be
 * on one of the configured push services (`PUSH_SERVICES`), over https unless a service is configured
 * otherwise (the local cloud's loopback test receiver), or the server would forward requests anywhere
 * (SSRF). The list is checked when a subscription is stored and again before each send.
 */
import { createHash, createPublicKey } from 'node:crypto';
import { MAX_PUSH_DEVICES, pushMessageOf, pushSubscriptionSchema, pushUnsubscribeSchema, type PushKey } from '../contract/push';
import type { Author } from './author';
import { timeOf } from './clock';
import { ValidationError } from './errors';
import { publicNotification } from './notifications';
import type { StoredNotification } from './ports/notifications';
import type { PushGateway, PushSubscriptionStore, StoredPushSubscription, VapidKeySource } from './ports/push';
import * as z from 'zod/mini';

/** One allowed push service: a scheme, a host (or every subdomain of one) and a port (`*`: any). */
export type PushService = { protocol: 'https:' | 'http:'; host: string; subdomains: boolean; port: string };

/**
 * The allow-list from its configuration: comma-separated origins, `https://fcm.googleapis.com`,
 * `https://*.notify.windows.com` (every subdomain, not the domain itself), `http://127.0.0.1:*` (any
 * port). Anything else in it is a configuration error, thrown at start.
 */
export function parsePushServices(raw: string): PushService[] {
  return raw
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .map((entry) => {
      const match = /^(https?):\/\/(\*\.)?([a-z0-9.-]+)(?::(\d{1,5}|\*))?$/.exec(entry);
      if (!match) throw new Error(`PUSH_SERVICES: «${entry}» is not an origin like https://host or https://*.host`);
      const protocol = `${match[1]}:` as PushService['protocol'];
      return { protocol, host: match[3]!, subdomains: match[2] !== undefined, port: match[4] ?? (protocol === 'https:' ? '443' : '80') };
    });
}

/** Whether an endpoint is a URL on one of the push services (no user name or password in it). */
export function isAllowedEndpoint(endpoint: string, services: readonly PushService[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username !== '' || url.password !== '') return false;
  const port = url.port || (url.protocol === 'https:' ? '443' : url.protocol === 'http:' ? '80' : '');
  const host = url.hostname.toLowerCase();
  return services.some(
    (service) =>
      service.protocol === url.protocol &&
      (service.port === '*' || service.port === port) &&
      (service.subdomains ? host.endsWith(`.${service.host}`) && host.length > service.host.length + 1 : host === service.host),
  );
}

/** The row key of an endpoint: its SHA-256, base64url. */
export function endpointHashOf(endpoint: string): string {
  return createHash('sha256').update(endpoint, 'utf8').digest('base64url');
}

const base64urlBytes = (value: string) => Buffer.from(value.replace(/=+$/, ''), 'base64url');

/**
 * Whether `bytes` is an uncompressed point on P-256 (0x04, x, y), as a browser's `p256dh` is: the
 * length and prefix alone pass 65 random bytes, which no push message can be encrypted for. Node's key
 * import checks the point lies on the curve.
 */
export function isP256Point(bytes: Uint8Array): boolean {
  if (bytes.length !== 65 || bytes[0] !== 4) return false;
  const coordinate = (from: number) => Buffer.from(bytes.subarray(from, from + 32)).toString('base64url');
  try {
    createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: coordinate(1), y: coordinate(33) }, format: 'jwk' });
    return true;
  } catch {
    return false;
  }
}

/** Whether a stored subscription's keys can be encrypted for (rows stored before the point check may not). */
const hasUsableKeys = (subscription: StoredPushSubscription) =>
  isP256Point(base64urlBytes(subscription.p256dh)) && base64urlBytes(subscription.auth).length === 16;

export type SubscribeDeps = { subscriptions: PushSubscriptionStore; services: readonly PushService[]; now?: () => Date };

/**
 * `PUT /me/push-subscriptions { endpoint, keys: { p256dh, auth } }`: the device's subscription kept for
 * the caller (the same one again writes the same row; a device another account had moves to the
 * caller). An account keeps MAX_PUSH_DEVICES devices at most: one more drops the one subscribed longest
 * ago. INVALID_SUBSCRIPTION for an endpoint off the list or keys that are not a P-256 point and a
 * 16-byte secret; INVALID_REQUEST for another shape.
 */
export async function subscribe(deps: SubscribeDeps, caller: Author, body: unknown): Promise<void> {
  const parsed = z.safeParse(pushSubscriptionSchema, body);
  if (!parsed.success) {
    // An endpoint and keys of the wrong form are a bad subscription; anything else is not one at all.
    const fields = (typeof body === 'object' && body !== null ? body : {}) as { endpoint?: unknown; keys?: unknown };
    const shaped = typeof fields.endpoint === 'string' && typeof fields.keys === 'object' && fields.keys !== null;
    throw new ValidationError(shaped ? 'INVALID_SUBSCRIPTION' : 'INVALID_REQUEST');
  }
  const { endpoint, keys } = parsed.data;
  const p256dh = base64urlBytes(keys.p256dh);
  const auth = base64urlBytes(keys.auth);
  if (!isAllowedEndpoint(endpoint, deps.services) || !isP256Point(p256dh) || auth.length !== 16) {
    throw new ValidationError('INVALID_SUBSCRIPTION');
  }
  await deps.subscriptions.put(
    {
      endpointHash: endpointHashOf(endpoint),
      accountId: caller.id,
      endpoint,
      p256dh: p256dh.toString('base64url'),
      auth: auth.toString('base64url'),
      createdAt: timeOf(deps).toISOString(),
    },
    MAX_PUSH_DEVICES,
  );
}

/** `DELETE /me/push-subscriptions { endpoint }`: the device forgotten if it is the caller's (204 either way). */
export async function unsubscribe(deps: { subscriptions: PushSubscriptionStore }, caller: Author, body: unknown): Promise<void> {
  const parsed = z.safeParse(pushUnsubscribeSchema, body);
  if (!parsed.success) throw new ValidationError('INVALID_REQUEST');
  await deps.subscriptions.remove(endpointHashOf(parsed.data.endpoint), caller.id);
}

/** `GET /push/key`: the VAPID public key browsers subscribe with. */
export async function pushKey(deps: { keys: VapidKeySource }): Promise<PushKey> {
  return { publicKey: (await deps.keys.keys()).publicKey };
}

export type PushDeps = {
  subscriptions: PushSubscriptionStore;
  keys: VapidKeySource;
  gateway: PushGateway;
  services: readonly PushService[];
  onError?(subscription: StoredPushSubscription, error: unknown): void;
};
export type PushReport = { sent: number; gone: number; failed: number };

/**
 * Pushes each notification to its owner's devices: one Query of the account's devices, one request per
 * device. A 404 or 410, or keys no message can be encrypted for (checked before sending), delete that
 * subscription; any other failure is counted and reported, never thrown (the notification is stored:
 * the owner sees it in «Avisos» anyway).
 */
export async function pushNotifications(deps: PushDeps, notifications: readonly StoredNotification[]): Promise<PushReport> {
  const report: PushReport = { sent: 0, gone: 0, failed: 0 };
  if (notifications.length === 0) return report;
  const keys = await deps.keys.keys();
  const devices = new Map<string, Promise<StoredPushSubscription[]>>();
  for (const notification of notifications) {
    if (!devices.has(notification.accountId)) devices.set(notification.accountId, deps.subscriptions.ofAccount(notification.accountId));
    const subscriptions = await devices.get(notification.accountId)!;
    const payload = JSON.stringify(pushMessageOf(publicNotification(notification)));
    await Promise.all(
      subscriptions.map(async (subscription) => {
        try {
          if (!isAllowedEndpoint(subscription.endpoint, deps.services) || !hasUsableKeys(subscription)) {
            // Stored under an older list or older checks: never sent to, and forgotten.
            await deps.subscriptions.removeGone(subscription);
            report.gone++;
            return;
          }
          const { status } = await deps.gateway.send(subscription, payload, keys);
          if (status === 404 || status === 410) {
            await deps.subscriptions.removeGone(subscription);
            report.gone++;
          } else if (status >= 200 && status < 300) report.sent++;
          else {
            report.failed++;
            deps.onError?.(subscription, new Error(`push service answered ${status}`));
          }
        } catch (error) {
          report.failed++;
          deps.onError?.(subscription, error);
        }
      }),
    );
  }
  return report;
}
