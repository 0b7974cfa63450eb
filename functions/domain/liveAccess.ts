/**
 * Who a WebSocket connection belongs to (docs/live.md): a socket opened with `?token=<ID token>` hears
 * that account's notifications, once the token passes the HTTP API authorizer's own check and the
 * account is not deleted; one without a token is anonymous, as before. A bad token is refused at
 * connect, never quietly taken as anonymous, so the app learns it must refresh its token.
 */
import { assertAccountAllows, type AccountStateDeps } from './accountState';
import { callerFromClaims } from './author';
import { DomainError } from './errors';

/** The check of a token (functions/store/cognito/idTokens.ts): its claims, `refused` or `unavailable`. */
export type TokenCheck = { claims: Record<string, string> } | 'refused' | 'unavailable';

export type ConnectAccess = { accepted: true; account?: string } | { accepted: false; statusCode: 401 | 503 };

/** Whether to accept a connection opened with `token` (none: anonymous), and for which account. */
export async function connectAccess(
  deps: AccountStateDeps & { verify: (token: string) => Promise<TokenCheck> },
  token: string | undefined,
): Promise<ConnectAccess> {
  if (token === undefined) return { accepted: true };
  const checked = await deps.verify(token);
  if (checked === 'unavailable') return { accepted: false, statusCode: 503 };
  if (checked === 'refused') return { accepted: false, statusCode: 401 };
  try {
    const caller = callerFromClaims(checked.claims);
    await assertAccountAllows(deps, caller, 'read');
    return { accepted: true, account: caller.id };
  } catch (error) {
    if (error instanceof DomainError) return { accepted: false, statusCode: 401 };
    throw error;
  }
}
