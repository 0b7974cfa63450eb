/**
 * The push services a Web Push subscription's endpoint may be on, on AWS: the browsers' own (Chrome and
 * Edge's FCM, Firefox's Mozilla autopush, Safari's Apple push, Windows' WNS). Anything else is refused
 * with INVALID_SUBSCRIPTION, so the API never sends a request to an address a user chose (SSRF;
 * docs/security.md). The format is functions/domain/push.ts `parsePushServices`'s.
 */
export const PUSH_SERVICES = [
  'https://fcm.googleapis.com',
  'https://updates.push.services.mozilla.com',
  'https://*.push.services.mozilla.com',
  'https://web.push.apple.com',
  'https://*.push.apple.com',
  'https://*.notify.windows.com',
] as const;

/**
 * Locally, also a push receiver on loopback over plain http, any port: the integration tests' stand-in
 * for a push service (test/integration/push.test.ts). Never part of a deployment's list.
 */
export const LOCAL_TEST_PUSH_SERVICES = ['http://127.0.0.1:*'] as const;

/** The name of the Secrets Manager secret with a stage's VAPID keys when the deployment names none (`-c vapidSecretName=`). */
export const defaultVapidSecretName = (stage: string) => `vaya-dia/${stage}/vapid`;
