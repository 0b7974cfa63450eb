/** A device's Web Push subscription, as stored (functions/store/tables.ts PUSH_SUBSCRIPTIONS_TABLE). */
export type StoredPushSubscription = {
  /** The SHA-256 of the endpoint, base64url: the row's key. */
  endpointHash: string;
  accountId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  createdAt: string;
};

/** The push-subscriptions table: one row per device (endpoint), owned by the account that subscribed it last. */
export interface PushSubscriptionStore {
  /**
   * Stores the device's subscription for the account (replacing what was stored for that endpoint: one
   * row) and keeps the account at `maxDevices` devices at most, however many subscribe at once: past
   * it, the account's devices with the oldest `createdAt` are deleted. Returns how many were dropped.
   */
  put(subscription: StoredPushSubscription, maxDevices: number): Promise<number>;
  /** Forgets every device of the account (its deletion); returns how many there were. */
  removeAllOf(accountId: string): Promise<number>;
  /** Forgets the device if it is this account's (another account's row is left alone). */
  remove(endpointHash: string, accountId: string): Promise<void>;
  /** Forgets the device if it still has this endpoint and owner (the push service said it is gone). */
  removeGone(subscription: StoredPushSubscription): Promise<void>;
  /** The account's devices (one Query of the account index). */
  ofAccount(accountId: string): Promise<StoredPushSubscription[]>;
}

/** The VAPID key pair (RFC 8292) and the contact the push services may write to (`mailto:` or https). */
export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

/** Where the VAPID keys are kept (Secrets Manager on AWS, the data folder locally through the same API). */
export interface VapidKeySource {
  keys(): Promise<VapidKeys>;
}

/** What a push service answered: its HTTP status (201 accepted; 404/410 the subscription is gone). */
export type PushOutcome = { status: number };

/** Sends one encrypted, signed push message to one device's push service. */
export interface PushGateway {
  send(subscription: StoredPushSubscription, payload: string, keys: VapidKeys): Promise<PushOutcome>;
}
