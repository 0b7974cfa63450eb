import { subscribe } from '../../domain/push';
import { callerOf, httpHandler, noContent, parseJsonBody } from './http';
import { pushServices, pushSubscriptionStore } from '../../wiring';

const deps = { subscriptions: pushSubscriptionStore(), services: pushServices() };

/**
 * PUT /me/push-subscriptions { endpoint, keys } — this device's «Avisos» also as Web Push. Only an
 * endpoint on the configured push services is kept (INVALID_SUBSCRIPTION otherwise; never a request
 * to it here). A suspended account may not (a write).
 */
export const handler = httpHandler(async (event) => {
  await subscribe(deps, callerOf(event), parseJsonBody(event));
  return noContent();
});
