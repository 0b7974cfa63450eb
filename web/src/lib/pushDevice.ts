import type { ApiClient } from './api';

/** How long sign-out waits for the API to forget this device before going on without it. */
export const LEAVE_PUSH_TIMEOUT_MS = 3000;

/** This browser's Web Push subscription (web/public/sw.js's registration), or null when it has none or cannot have one. */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration || !('pushManager' in registration)) return null;
  return registration.pushManager.getSubscription();
}

/** Settles when `promise` does or after `ms`, whichever comes first; never rejects. */
function settled(promise: Promise<unknown>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    promise.then(
      () => {
        clearTimeout(timer);
        resolve();
      },
      () => {
        clearTimeout(timer);
        resolve();
      },
    );
  });
}

/**
 * Takes this device off Web Push as its signed-in person leaves (sign-out, or after deleting the
 * account): when the browser has a push subscription, `DELETE /me/push-subscriptions` with the token
 * still valid (the API forgets the device only if it is the caller's), then the browser's own
 * subscription is dropped, so the next person on this browser gets nobody else's «Avisos». Nothing here
 * may keep anyone signed in: every failure is swallowed and the whole is given at most `timeoutMs`
 * (the browser's subscription is dropped even when the API could not be told).
 */
export async function leaveWebPush(
  api: Pick<ApiClient, 'call'>,
  { timeoutMs = LEAVE_PUSH_TIMEOUT_MS }: { timeoutMs?: number } = {},
): Promise<void> {
  let subscription: PushSubscription | null = null;
  try {
    subscription = await currentPushSubscription();
  } catch {
    return;
  }
  if (!subscription) return;
  // A plain call, not a mutation: a step of leaving (sign-out, a deleted account) that nobody pressed for
  // and whose outcome nobody is shown.
  await settled(api.call('notifications.unsubscribe', { body: { endpoint: subscription.endpoint } }), timeoutMs);
  await settled(subscription.unsubscribe(), timeoutMs);
}
