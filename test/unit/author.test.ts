import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_NAME_LENGTH } from '../../functions/contract';
import { authorFromClaims, callerFromClaims, groupsFromClaim } from '../../functions/domain/author';
import { UnauthorizedError } from '../../functions/domain/errors';

const idToken = (claims: Record<string, unknown>) => ({ sub: 's1', token_use: 'id', ...claims });

describe('author from verified claims', () => {
  it('uses the name claim when set', () => {
    expect(authorFromClaims(idToken({ name: ' Rocío ', email: 'rocio@example.com' }))).toEqual({ id: 's1', name: 'Rocío' });
  });

  it('falls back to the part of the email before @ and never publishes a full address', () => {
    fc.assert(
      fc.property(fc.emailAddress(), fc.option(fc.constantFrom('', '   ', 'yo@correo.es')), (email, name) => {
        const author = authorFromClaims(idToken({ email, ...(name === null ? {} : { name }) }));
        expect(author.name).not.toContain('@');
        expect(email.startsWith(author.name)).toBe(true);
      }),
    );
  });

  it(`cuts names to ${MAX_NAME_LENGTH} characters without splitting an emoji`, () => {
    const name = authorFromClaims(idToken({ name: `${'😀'.repeat(40)}${'x'.repeat(40)}` })).name;
    expect([...name]).toHaveLength(MAX_NAME_LENGTH);
    expect(name).toBe(`${'😀'.repeat(40)}${'x'.repeat(20)}`);
  });

  it('refuses claims without a subject, and access tokens (they carry no name)', () => {
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
