import { UnauthorizedError } from './errors';

export type Author = { id: string; name: string };

/**
 * The author of a post, taken from verified token claims only: the `name` attribute when set, else
 * the part of the email before `@`. A full email address is never published.
 */
export function authorFromClaims(claims: Record<string, unknown> | undefined): Author {
  const sub = claims?.sub;
  if (typeof sub !== 'string' || sub === '') throw new UnauthorizedError();
  const name = typeof claims?.name === 'string' ? claims.name.trim() : '';
  if (name !== '') return { id: sub, name };
  const email = typeof claims?.email === 'string' ? claims.email : '';
  const localPart = email.split('@')[0]?.trim() ?? '';
  return { id: sub, name: localPart !== '' ? localPart : 'Anonimo' };
}
