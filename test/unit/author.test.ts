import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { authorFromClaims } from '../../functions/domain/author';
import { UnauthorizedError } from '../../functions/domain/errors';

describe('author from verified claims', () => {
  it('uses the name claim when set', () => {
    expect(authorFromClaims({ sub: 's1', name: ' Rocío ', email: 'rocio@example.com' })).toEqual({ id: 's1', name: 'Rocío' });
  });

  it('falls back to the part of the email before @ and never publishes a full address', () => {
    fc.assert(
      fc.property(fc.emailAddress(), fc.option(fc.constantFrom('', '   ')), (email, blankName) => {
        const author = authorFromClaims({ sub: 'abc', email, ...(blankName === null ? {} : { name: blankName }) });
        expect(author.name).not.toContain('@');
        expect(email.startsWith(author.name)).toBe(true);
      }),
    );
  });

  it('refuses claims without a subject', () => {
    expect(() => authorFromClaims(undefined)).toThrow(UnauthorizedError);
    expect(() => authorFromClaims({ email: 'a@b.c' })).toThrow(UnauthorizedError);
  });
});
