import { liftSuspension } from '../../domain/suspensions';
import { noContent, signedInHandler } from './http';
import { suspensionStore } from '../../wiring';

const deps = { suspensions: suspensionStore() };

/** DELETE /moderation/suspensions/{id} → 204 — lifts a suspension in force (moderators only; logged, with their apodo). */
export const handler = signedInHandler(
  async (event, caller) => {
    await liftSuspension(deps, caller, event.pathParameters?.id);
    return noContent();
  },
  { account: 'current' },
);
