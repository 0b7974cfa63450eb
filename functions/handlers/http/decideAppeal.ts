import { decideAppeal } from '../../domain/appeals';
import { json, parseJsonBody, signedInHandler } from './http';
import { appealDecisionStore, suspensionStore } from '../../wiring';

const deps = { appeals: appealDecisionStore(), suspensions: suspensionStore() };

/** PUT /moderation/appeals/{id} `{ decision, reply }` → 200 Appeal — a moderator lifts or upholds (logged, with their apodo). */
export const handler = signedInHandler(
  async (event, caller) => json(200, await decideAppeal(deps, caller, event.pathParameters?.id, parseJsonBody(event))),
  { account: 'current' },
);
