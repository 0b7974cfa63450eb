import { afterEach, describe, expect, it } from 'vitest';
import { forgetName, pendingNameFor, PENDING_NAME_TTL_MS, rememberName } from '../../web/src/lib/pendingName';

afterEach(() => forgetName());

describe('the apodo typed at registration, kept until claimed', () => {
  it('is kept for that e-mail (any case or spacing), in every tab of the browser', () => {
    rememberName(' Lucia@Example.org ', 'Lucía Martes', 1_000);
    expect(pendingNameFor('lucia@example.org', 2_000)).toBe('Lucía Martes');
    expect(pendingNameFor('otra@example.org', 2_000)).toBeNull();
    // localStorage, not sessionStorage: a code confirmed in another tab still finds it.
    expect(localStorage.getItem('vaya-dia:apodo')).toContain('Lucía Martes');
  });

  it('is forgotten once claimed, or after a week', () => {
    rememberName('lucia@example.org', 'Lucía Martes', 1_000);
    forgetName();
    expect(pendingNameFor('lucia@example.org', 2_000)).toBeNull();
    rememberName('lucia@example.org', 'Lucía Martes', 1_000);
    expect(pendingNameFor('lucia@example.org', 1_000 + PENDING_NAME_TTL_MS + 1)).toBeNull();
    expect(pendingNameFor('lucia@example.org', 2_000)).toBeNull();
  });

  it('ignores what is not its own shape', () => {
    localStorage.setItem('vaya-dia:apodo', '{"email":"a@b.c"}');
    expect(pendingNameFor('a@b.c')).toBeNull();
    localStorage.setItem('vaya-dia:apodo', 'roto');
    expect(pendingNameFor('a@b.c')).toBeNull();
    expect(pendingNameFor(null)).toBeNull();
  });
});
