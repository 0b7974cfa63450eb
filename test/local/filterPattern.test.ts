import { describe, expect, it } from 'vitest';
import type { FilterPattern } from '../../functions/filterPatterns';
import { checkPattern, matches, matchesAny } from '../../functions/filterPatterns';

const record = {
  eventName: 'MODIFY',
  dynamodb: { NewImage: { status: { S: 'published' }, score: { N: '7' } }, SizeBytes: 120 },
};

describe('Lambda filter patterns in the local stream poller', () => {
  it('matches literals, nested objects and any of several patterns', () => {
    expect(matches({ eventName: ['INSERT', 'MODIFY'] }, record)).toBe(true);
    expect(matches({ eventName: ['INSERT'] }, record)).toBe(false);
    expect(matches({ dynamodb: { NewImage: { status: { S: ['published'] } } } }, record)).toBe(true);
    expect(matches({ dynamodb: { OldImage: { status: { S: ['published'] } } } }, record)).toBe(false);
    expect(matchesAny([{ eventName: ['INSERT'] }, { eventName: ['MODIFY'] }], record)).toBe(true);
    expect(matchesAny([], record)).toBe(true);
  });

  it('applies exists, prefix, anything-but and numeric', () => {
    expect(matches({ dynamodb: { OldImage: [{ exists: false }] } }, record)).toBe(true);
    expect(matches({ dynamodb: { NewImage: [{ exists: true }] } }, record)).toBe(true);
    expect(matches({ eventName: [{ prefix: 'MOD' }] }, record)).toBe(true);
    expect(matches({ eventName: [{ 'anything-but': ['REMOVE'] }] }, record)).toBe(true);
    expect(matches({ eventName: [{ 'anything-but': 'MODIFY' }] }, record)).toBe(false);
    expect(matches({ dynamodb: { SizeBytes: [{ numeric: ['>', 100, '<=', 120] }] } }, record)).toBe(true);
    expect(matches({ dynamodb: { SizeBytes: [{ numeric: ['<', 100] }] } }, record)).toBe(false);
  });

  it('refuses an operator it does not emulate instead of letting everything through', () => {
    // Operators Lambda knows but this emulation does not (so the type does not allow them either).
    const unknown = (rule: object) => ({ eventName: [rule] }) as unknown as FilterPattern;
    expect(() => checkPattern(unknown({ suffix: 'FY' }))).toThrow(/does not emulate/);
    expect(() => checkPattern(unknown({ 'equals-ignore-case': 'modify' }))).toThrow(/does not emulate/);
    expect(() => checkPattern({ dynamodb: { NewImage: [{ exists: true }] } })).not.toThrow();
  });
});
