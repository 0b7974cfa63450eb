import { liftSuspension } from '../../domain/suspensions';
import { callerOf, httpHandler, noContent } from './http';
import { nameStore, suspensionStore } from '../../wiring';

const deps = { suspensions: suspensionStore(), names: nameStore() };

/** DELETE /moderation/suspensions/{id} → 204 — lifts a suspension in force (moderators only). */
export const handler = httpHandler(async (event) => {
  await liftSuspension(deps, callerOf(event), event.pathParameters?.id);
  return noContent();
});
