import { unsubscribe } from '../../domain/push';
import { callerOf, httpHandler, noContent, parseJsonBody } from './http';
import { pushSubscriptionStore } from '../../wiring';

const deps = { subscriptions: pushSubscriptionStore() };

/** DELETE /me/push-subscriptions { endpoint } — this device no longer receives the caller's «Avisos». A suspended account may. */
export const handler = httpHandler(async (event) => {
  await unsubscribe(deps, callerOf(event), parseJsonBody(event));
  return noContent();
});
