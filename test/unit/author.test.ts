import { describe, expect, it } from 'vitest';
import { accountFromClaims, authorFromClaims, callerFromClaims, groupsFromClaim } from '../../functions/domain/author';
import { UnauthorizedError } from '../../functions/domain/errors';

const idToken = (claims: Record<string, unknown>) => ({ sub: 's1', token_use: 'id', ...claims });

describe('author from verified claims', () => {
  it('is the subject only: no claim is trusted for the public name', () => {
    expect(authorFromClaims(idToken({ name: 'Moderadora', email: 'rocio@example.com' }))).toEqual({ id: 's1' });
  });

  it('gives /me the verified email and the pool username (the admin API names users by it)', () => {
    expect(accountFromClaims(idToken({ email: 'rocio@example.com', 'cognito:username': 'google_123' }))).toEqual({
      id: 's1',
      email: 'rocio@example.com',
      username: 'google_123',
      moderator: false,
    });
    expect(accountFromClaims(idToken({})).username).toBe('s1');
  });

  it('refuses claims without a subject, and access tokens (the site sends ID tokens)', () => {
    expect(() => authorFromClaims(undefined)).toThrow(UnauthorizedError);
    expect(() => authorFromClaims({ email: 'a@b.c', token_use: 'id' })).toThrow(UnauthorizedError);
    expect(() => authorFromClaims({ sub: 's1', token_use: 'access', client_id: 'c' })).toThrow(UnauthorizedError);
  });
});

describe('moderators from the cognito:groups claim', () => {
  it('reads the group list as API Gateway passes it (a string "[a b]"), as JSON, or as an array', () => {
    expect(groupsFromClaim('[moderadores other]')).toEqual(['moderadores', 'other']);
    expect(groupsFromClaim('[moderadores]')).toEqual(['moderadores']);
    expect(groupsFromClaim('["moderadores","other"]')).toEqual(['moderadores', 'other']);
    expect(groupsFromClaim(['other', 'moderadores'])).toEqual(['other', 'moderadores']);
    expect(groupsFromClaim('moderadores')).toEqual(['moderadores']);
    expect(groupsFromClaim('[]')).toEqual([]);
    expect(groupsFromClaim(undefined)).toEqual([]);
    expect(groupsFromClaim(42)).toEqual([]);
  });

  it('makes a caller a moderator only for the exact group name', () => {
    expect(callerFromClaims(idToken({ 'cognito:groups': '[moderadores]' })).moderator).toBe(true);
    expect(callerFromClaims(idToken({ 'cognito:groups': '[other moderadores]' })).moderator).toBe(true);
    for (const groups of [undefined, '[]', '[Moderadores]', '[moderadoresx]', 'moderadores-falsos', '[moderador]']) {
      expect(callerFromClaims(idToken({ 'cognito:groups': groups })).moderator).toBe(false);
    }
  });
});
