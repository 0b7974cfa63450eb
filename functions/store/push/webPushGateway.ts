import webPush from 'web-push';
import type { PushGateway, PushOutcome, StoredPushSubscription, VapidKeys } from '../../domain/ports/push';

/** How long a push message waits on its device before the push service drops it (one day, in seconds). */
const PUSH_TTL_SECONDS = 24 * 60 * 60;
/** A push service that has not answered by then is counted as failed. */
const SEND_TIMEOUT_MS = 5_000;

/**
 * Push messages through the `web-push` library: it encrypts the payload for the device (RFC 8291
 * `aes128gcm`) and signs the request for the push service (VAPID, RFC 8292); the request itself is
 * sent with `fetch`, never following a redirect (the endpoint was checked against the allow-list; a
 * redirect would lead elsewhere) and with a time limit.
 */
export class WebPushGateway implements PushGateway {
  async send(subscription: StoredPushSubscription, payload: string, keys: VapidKeys): Promise<PushOutcome> {
    const request = webPush.generateRequestDetails(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      payload,
      { vapidDetails: keys, TTL: PUSH_TTL_SECONDS },
    );
    const headers: Record<string, string> = { Urgency: 'normal' };
    for (const [name, value] of Object.entries(request.headers)) {
      if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
    }
    const response = await fetch(request.endpoint, {
      method: request.method,
      headers,
      body: request.body ? new Uint8Array(request.body) : undefined,
      redirect: 'manual',
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    await response.body?.cancel();
    return { status: response.status };
  }
}
