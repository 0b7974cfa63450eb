import { describe, expect, it } from 'vitest';
import { nextFromSearch, safeNextPath, signInHref } from '../../web/src/lib/nextPath';

describe('the page sign-in returns to (?next=)', () => {
  it('keeps a path of this site, with its query and hash', () => {
    expect(safeNextPath('/newpost')).toBe('/newpost');
    expect(safeNextPath('/post/2f1c-9a')).toBe('/post/2f1c-9a');
    expect(safeNextPath('/top?period=week&by=deserved#arriba')).toBe('/top?period=week&by=deserved#arriba');
    expect(safeNextPath('/autor/Mar%C3%ADa')).toBe('/autor/Mar%C3%ADa');
    expect(safeNextPath('/')).toBe('/');
  });

  it.each([
    ['another host, protocol-relative', '//evil.example'],
    ['another host behind a backslash', '/\\evil.example'],
    ['a backslash anywhere', '/post/\\\\evil.example'],
    ['an absolute address', 'https://evil.example/'],
    ['a scheme', 'javascript:alert(1)'],
    ['a data address', 'data:text/html,hola'],
    ['a relative path', 'post/abc'],
    ['a tab browsers drop (/\\t/host is //host)', '/\t/evil.example'],
    ['a newline', '/post/a\nb'],
    ['a NUL', '/post/\u0000'],
    ['a C1 control', '/post/\u0085'],
    ['a space', '/post/a b'],
    ['empty', ''],
    ['the login page (a loop)', '/login'],
    ['the registration page', '/register?next=/x'],
    ['far too long', `/${'a'.repeat(2000)}`],
  ])('refuses %s', (_why, raw) => {
    expect(safeNextPath(raw)).toBeNull();
  });

  it('refuses what is not a string', () => {
    expect(safeNextPath(null)).toBeNull();
    expect(safeNextPath(undefined)).toBeNull();
  });

  it('reads ?next= from a sign-in page, home when absent or unsafe', () => {
    expect(nextFromSearch('?next=%2Fpost%2Fabc')).toBe('/post/abc');
    expect(nextFromSearch('?next=%2F%2Fevil.example')).toBe('/');
    expect(nextFromSearch('?next=https%3A%2F%2Fevil.example')).toBe('/');
    expect(nextFromSearch('')).toBe('/');
  });

  it('builds the sign-in link of a page (none needed from home)', () => {
    expect(signInHref('/login', '/post/abc?x=1')).toBe('/login?next=%2Fpost%2Fabc%3Fx%3D1');
    expect(signInHref('/register', '/newpost')).toBe('/register?next=%2Fnewpost');
    expect(signInHref('/login', '/')).toBe('/login');
    expect(signInHref('/login', '/login?next=%2Fx')).toBe('/login');
    expect(nextFromSearch(new URL(`https://x.invalid${signInHref('/login', '/top?period=week&by=agree')}`).search)).toBe(
      '/top?period=week&by=agree',
    );
  });
});
