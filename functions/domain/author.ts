import { MAX_NAME_LENGTH, MODERATORS_GROUP } from '../contract';
import { UnauthorizedError } from './errors';

export type Author = { id: string; name: string };

/**
 * The author of a post, taken from verified ID-token claims only: the `name` attribute when set,
 * else the part of the email before `@`. A full email address is never published, so a name that
 * looks like one is ignored; names are cut to MAX_NAME_LENGTH.
 *
 * The HTTP API's JWT authorizer also accepts Cognito access tokens (it checks `client_id` when there
 * is no `aud`); they carry no name or email, so only ID tokens may publish.
 */
export function authorFromClaims(claims: Record<string, unknown> | undefined): Author {
  const sub = claims?.sub;
  if (typeof sub !== 'string' || sub === '' || claims?.token_use !== 'id') throw new UnauthorizedError();
  const name = typeof claims.name === 'string' ? claims.name.trim() : '';
  if (name !== '' && !name.includes('@')) return { id: sub, name: cut(name) };
  const email = typeof claims.email === 'string' ? claims.email : '';
  const localPart = email.split('@')[0]?.trim() ?? '';
  return { id: sub, name: localPart !== '' ? cut(localPart) : 'Anonimo' };
}

function cut(name: string): string {
  return [...name].slice(0, MAX_NAME_LENGTH).join('');
}

/** Whoever makes an authenticated request: their id, the name they publish under, and their role. */
export type Caller = Author & { moderator: boolean };

/** The caller of an authenticated route, from verified ID-token claims only. */
export function callerFromClaims(claims: Record<string, unknown> | undefined): Caller {
  return { ...authorFromClaims(claims), moderator: groupsFromClaim(claims?.['cognito:groups']).includes(MODERATORS_GROUP) };
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
