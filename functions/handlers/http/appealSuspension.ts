import { appealSuspension } from '../../domain/appeals';
import { json, parseJsonBody, signedInHandler } from './http';
import { appealStore, suspensionStore } from '../../wiring';

const deps = { appeals: appealStore(), suspensions: suspensionStore() };

/** POST /me/appeal `{ text }` → 201 Appeal — a suspended account appeals its suspension, once. */
export const handler = signedInHandler(async (event, caller) => json(201, await appealSuspension(deps, caller, parseJsonBody(event))), {
  // The suspension the row names decides what is appealed: read it as it is now.
  account: 'consistent',
});
