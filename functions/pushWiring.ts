/**
 * The push sender's dependencies, apart from ./wiring.ts: web-push (CommonJS, with its ASN.1 and
 * encryption code) and the Secrets Manager client are loaded by the functions that send pushes or
 * give out the public key, not by every function that imports the wiring (its import time counts in every cold start).
 */
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { requireEnv } from './config';
import { ENV } from './store/tables';
import { SecretVapidKeys } from './store/push/secretVapidKeys';
import { WebPushGateway } from './store/push/webPushGateway';

let vapid: SecretVapidKeys | undefined;
/** The VAPID keys, from the secret the function's environment names. */
export function vapidKeys(): SecretVapidKeys {
  vapid ??= new SecretVapidKeys(new SecretsManagerClient({}), requireEnv(ENV.vapidSecret)[ENV.vapidSecret]);
  return vapid;
}

let gateway: WebPushGateway | undefined;
/** Push messages, encrypted and signed, to the push services. */
export function pushGateway(): WebPushGateway {
  gateway ??= new WebPushGateway();
  return gateway;
}
