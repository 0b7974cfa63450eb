import { MODERATORS_GROUP } from '../contract/moderation';
import { UnauthorizedError } from './errors';
import type { AccountName } from './ports/accounts';

/**
 * Whoever signs a post: only their id. The name published with it is their apodo, read from the
 * names store (NameStore, functions/domain/ports/accounts.ts), never from a token: a Cognito attribute is whatever its
 * user last wrote there (`UpdateUserAttributes` with their own access token), so no claim is trusted
 * for a public name.
 */
export type Author = { id: string };

/**
 * The author of a request, from verified ID-token claims: the `sub`.
 *
 * The HTTP API's JWT authorizer also accepts Cognito access tokens (it checks `client_id` when there
 * is no `aud`); only ID tokens are accepted here, as the site sends them.
 */
export function authorFromClaims(claims: Record<string, unknown> | undefined): Author {
  const sub = claims?.sub;
  if (typeof sub !== 'string' || sub === '' || claims?.token_use !== 'id') throw new UnauthorizedError();
  return { id: sub };
}

/** Whoever makes an authenticated request: their id and their role. */
export type Caller = Author & { moderator: boolean };

/**
 * A signed-in caller with its account's row (apodo, version, state), read once for the request by
 * the HTTP edge (functions/handlers/http/http.ts) when it checks the account's state, and handed to
 * the use case, which reads it no more.
 */
export type SignedIn<T extends Author = Caller> = T & { row: AccountName };

/** The caller of an authenticated route, from verified ID-token claims only. */
export function callerFromClaims(claims: Record<string, unknown> | undefined): Caller {
  return { ...authorFromClaims(claims), moderator: groupsFromClaim(claims?.['cognito:groups']).includes(MODERATORS_GROUP) };
}

/**
 * The signed-in account as `GET /me` and `DELETE /me` need it: the caller, the email Cognito
 * verified (shown only to its owner) and the pool's username (`cognito:username`: a UUID for email
 * accounts, `google_…` for Google ones), which the admin API names users by.
 */
export type Account = Caller & { email: string; username: string };

export function accountFromClaims(claims: Record<string, unknown> | undefined): Account {
  const caller = callerFromClaims(claims);
  const username = claims?.['cognito:username'];
  const email = claims?.email;
  return {
    ...caller,
    username: typeof username === 'string' && username !== '' ? username : caller.id,
    email: typeof email === 'string' ? email : '',
  };
}

/**
 * The groups in a `cognito:groups` claim. API Gateway's JWT authorizer hands every claim to the
 * Lambda as a string, an array as `[moderadores otro]`; a JSON array string (`["a","b"]`) and a real
 * array (another authorizer, a test) mean the same. Group names never contain white space.
 */
export function groupsFromClaim(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((group): group is string => typeof group === 'string' && group !== '');
  if (typeof value !== 'string') return [];
  const text = value.trim();
  if (text.startsWith('[') && text.endsWith(']')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (Array.isArray(parsed)) return groupsFromClaim(parsed);
    } catch {
      // API Gateway's own `[a b]` form: not JSON
    }
    return splitGroups(text.slice(1, -1));
  }
  return splitGroups(text);
}

function splitGroups(text: string): string[] {
  return text.split(/[\s,]+/).filter((group) => group !== '');
}
