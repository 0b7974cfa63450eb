import { subscribe } from '../../domain/push';
import { noContent, parseJsonBody, signedInHandler } from './http';
import { pushServices, pushSubscriptionStore } from '../../wiring';

const deps = { subscriptions: pushSubscriptionStore(), services: pushServices() };

/**
 * PUT /me/push-subscriptions { endpoint, keys } — this device's «Avisos» also as Web Push. Only an
 * endpoint on the configured push services is kept (INVALID_SUBSCRIPTION otherwise; never a request
 * to it here). A suspended account may not (a write).
 */
export const handler = signedInHandler(async (event, caller) => {
  await subscribe(deps, caller, parseJsonBody(event));
  return noContent();
});
