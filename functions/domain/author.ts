import { MAX_NAME_LENGTH } from '../contract';
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
