import { unsubscribe } from '../../domain/push';
import { noContent, parseJsonBody, signedInHandler } from './http';
import { pushSubscriptionStore } from '../../wiring';

const deps = { subscriptions: pushSubscriptionStore() };

/** DELETE /me/push-subscriptions { endpoint } — this device no longer receives the caller's «Avisos». A suspended account may. */
export const handler = signedInHandler(async (event, caller) => {
  await unsubscribe(deps, caller, parseJsonBody(event));
  return noContent();
});
