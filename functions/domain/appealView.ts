/**
 * How an appeal is shown (functions/domain/appeals.ts makes and answers them): apart, so `GET /me`
 * can show the caller's without the moderation code that answers them.
 */
import type { Appeal } from '../contract/appeals';
import type { AppealStore, StoredAppeal } from './ports/appeals';

/** What an appeal shows: no account ids. */
export function publicAppeal({ id, name, suspension, text, createdAt, decision, reply, decidedBy }: StoredAppeal): Appeal {
  return { id, name, suspension, text, createdAt, decision, reply, decidedBy };
}

export type MyAppealDeps = { appeals: Pick<AppealStore, 'get'> };

/**
 * The appeal `GET /me` shows: the one against the suspension in force (open, or upheld with its
 * reply), read only while the account is suspended; null otherwise.
 */
export async function appealInForce(deps: MyAppealDeps, suspensionId: string | undefined): Promise<Appeal | null> {
  if (suspensionId === undefined) return null;
  const appeal = await deps.appeals.get(suspensionId);
  return appeal ? publicAppeal(appeal) : null;
}
