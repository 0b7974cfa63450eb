/**
 * The contract of Web Push (docs/api.md): each new notification («Aviso») is also sent
 * to its owner's devices that allowed it, encrypted (RFC 8291 `aes128gcm`) and signed (VAPID, RFC 8292).
 * `GET /push/key` gives the VAPID public key the browser subscribes with; `PUT /me/push-subscriptions`
 * keeps a device's subscription, `DELETE /me/push-subscriptions` forgets it.
 *
 * A subscription's endpoint is an address its sender chose: it is accepted only over https on a host
 * of the configured push services (the function's `PUSH_SERVICES`), never anywhere else (SSRF).
 */
import * as z from 'zod/mini';
import type { Notification } from './notifications';
import { REJECTION_REASON_LABELS } from './posts';

/**
 * The most devices one account receives «Avisos» on. Subscribing one more keeps the new one and drops
 * the account's device subscribed (or last confirmed, as «Avisos» does on each visit) longest ago: a
 * person who changed phones a few times expects the new phone to work, not an error.
 */
export const MAX_PUSH_DEVICES = 10;

/** The longest endpoint accepted (the push services' are about 200–500 characters). */
export const MAX_ENDPOINT_LENGTH = 2048;

/** base64url without padding, as browsers give `p256dh` and `auth` (padding is tolerated and dropped). */
const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

/** The subscription's P-256 public key (65 bytes, uncompressed: 87 characters in base64url) and auth secret (16 bytes: 22). */
export const pushKeysSchema = z.object({
  p256dh: z.string().check(z.minLength(86), z.maxLength(90), z.regex(BASE64URL)),
  auth: z.string().check(z.minLength(21), z.maxLength(24), z.regex(BASE64URL)),
});

/** `PUT /me/push-subscriptions`: what `PushSubscription.toJSON()` gives (`expirationTime` is ignored). */
export const pushSubscriptionSchema = z.object({
  endpoint: z.string().check(z.minLength(1), z.maxLength(MAX_ENDPOINT_LENGTH)),
  keys: pushKeysSchema,
});
export type PushSubscriptionRequest = z.infer<typeof pushSubscriptionSchema>;

/** `DELETE /me/push-subscriptions`: the device's endpoint. */
export const pushUnsubscribeSchema = z.object({
  endpoint: z.string().check(z.minLength(1), z.maxLength(MAX_ENDPOINT_LENGTH)),
});
export type PushUnsubscribeRequest = z.infer<typeof pushUnsubscribeSchema>;

/** `GET /push/key`: the VAPID public key (an uncompressed P-256 point, base64url), `applicationServerKey` of a subscription. */
export const pushKeySchema = z.object({ publicKey: z.string() });
export type PushKey = z.infer<typeof pushKeySchema>;

/**
 * What a push message carries (JSON, encrypted): the notification itself, and what the service worker
 * shows — a Spanish title and body, the page a tap opens, and a tag (a later message about the same
 * notification replaces the earlier one on the device).
 */
export type PushMessage = { notification: Notification; title: string; body: string; url: string; tag: string };

/** The push message of a notification, in the words «Avisos» uses. */
export function pushMessageOf(notification: Notification): PushMessage {
  const common = { notification, tag: notification.id };
  if (notification.type === 'appeal.decided') {
    const lifted = notification.decision === 'lift';
    return {
      ...common,
      title: lifted ? 'Suspensión levantada' : 'Tu recurso no ha prosperado',
      body: lifted ? `Ya puedes volver a escribir. ${notification.reply}` : `La suspensión sigue. ${notification.reply}`,
      url: '/avisos',
    };
  }
  const post = `/post/${encodeURIComponent(notification.postId)}`;
  switch (notification.type) {
    case 'post.published':
      return { ...common, title: 'Tu anécdota se ha publicado', body: 'Ya la puede leer todo el mundo.', url: post };
    case 'post.rejected':
      return {
        ...common,
        title: 'Tu anécdota no se ha publicado',
        body: `Motivo: ${REJECTION_REASON_LABELS[notification.reason]}. Puedes editarla y reenviarla una vez.`,
        url: '/mis-anecdotas',
      };
    case 'comment.created':
      return {
        ...common,
        title: notification.count === 1 ? 'Nuevo comentario' : `${notification.count} comentarios nuevos`,
        body:
          notification.count === 1
            ? `${notification.name} ha comentado tu anécdota.`
            : `${notification.count} comentarios nuevos en tu anécdota; el último, de ${notification.name}.`,
        url: post,
      };
    case 'post.top':
      return { ...common, title: '¡En el Top del día!', body: 'Tu anécdota ha entrado en el Top 10 del día.', url: post };
    case 'comment.mention':
      return { ...common, title: 'Te han mencionado', body: `${notification.name} te ha mencionado en un comentario.`, url: post };
    case 'comment.reply':
      return { ...common, title: 'Nueva respuesta', body: `${notification.name} ha respondido a tu comentario.`, url: post };
  }
}
