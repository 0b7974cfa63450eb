/**
 * The account-state cache (functions/domain/accountState.ts): what one container may trust for
 * ACCOUNT_STATE_TTL_MS, and what it must read again on every request so a moderator's lift reaches
 * every container at once.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_STATE_TTL_MS, assertAccountAllows, forgetAccountState } from '../../functions/domain/accountState';
import type { AccountName } from '../../functions/domain/ports/accounts';

/** Account rows in memory, counting the reads. */
class Rows {
  readonly rows = new Map<string, AccountName>();
  reads = 0;
  async accountOf(userId: string): Promise<AccountName> {
    this.reads++;
    return this.rows.get(userId) ?? { name: undefined, deleted: false, version: 0 };
  }
}

const code = (promise: Promise<unknown>) =>
  promise.then(
    () => 'allowed',
    (error: { code?: string }) => error.code,
  );

describe('the account-state cache', () => {
  it('trusts an account in good standing for ACCOUNT_STATE_TTL_MS: a suspension reaches this container within that time', async () => {
    const names = new Rows();
    let now = Date.parse('2026-11-24T12:00:00.000Z');
    const deps = { names, now: () => new Date(now) };
    const caller = { id: randomUUID() };
    expect(await code(assertAccountAllows(deps, caller, 'write'))).toBe('allowed');
    names.rows.set(caller.id, { name: undefined, deleted: false, version: 0, suspendedUntil: '2026-12-01T00:00:00.000Z' });
    now += ACCOUNT_STATE_TTL_MS - 1;
    expect(await code(assertAccountAllows(deps, caller, 'write'))).toBe('allowed');
    now += 1;
    expect(await code(assertAccountAllows(deps, caller, 'write'))).toBe('ACCOUNT_SUSPENDED');
  });

  it('never keeps a suspended row: the request after a lift is allowed, in any container', async () => {
    const names = new Rows();
    const deps = { names, now: () => new Date('2026-11-24T12:00:00.000Z') };
    const caller = { id: randomUUID() };
    names.rows.set(caller.id, { name: undefined, deleted: false, version: 0, suspendedUntil: '2026-12-01T00:00:00.000Z' });
    expect(await code(assertAccountAllows(deps, caller, 'write'))).toBe('ACCOUNT_SUSPENDED');
    expect(await code(assertAccountAllows(deps, caller, 'read'))).toBe('allowed');
    names.rows.set(caller.id, { name: undefined, deleted: false, version: 0 });
    expect(await code(assertAccountAllows(deps, caller, 'write'))).toBe('allowed');
    expect(names.reads).toBe(3);
  });

  it('keeps a deleted row (nothing undoes a deletion), and forgets an account when told', async () => {
    const names = new Rows();
    const deps = { names, now: () => new Date('2026-11-24T12:00:00.000Z') };
    const caller = { id: randomUUID() };
    names.rows.set(caller.id, { name: undefined, deleted: true, version: 1 });
    expect(await code(assertAccountAllows(deps, caller, 'read'))).toBe('ACCOUNT_DELETED');
    expect(await code(assertAccountAllows(deps, caller, 'read'))).toBe('ACCOUNT_DELETED');
    expect(names.reads).toBe(1);
    forgetAccountState(caller.id);
    expect(await code(assertAccountAllows(deps, caller, 'read'))).toBe('ACCOUNT_DELETED');
    expect(names.reads).toBe(2);
  });
});
