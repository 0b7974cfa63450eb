import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, sortKeyOf } from '../../functions/domain/cursor';
import { ValidationError } from '../../functions/domain/errors';

describe('feed cursors', () => {
  it('round-trips every sort key the repository writes', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01'), max: new Date('2999-12-31'), noInvalidDate: true }), fc.uuid(), (date, id) => {
        const sortKey = sortKeyOf(date.toISOString(), id);
        expect(decodeCursor(encodeCursor(sortKey))).toEqual({ sortKey, id });
      }),
    );
  });

  it('rejects any other string with INVALID_CURSOR and nothing else', () => {
    fc.assert(
      fc.property(fc.string(), (cursor) => {
        try {
          decodeCursor(cursor);
          // Only a genuine sort key may decode.
          expect(Buffer.from(cursor, 'base64url').toString()).toMatch(/^\d{4}-.*#[0-9a-f-]{36}$/);
        } catch (error) {
          expect(error).toBeInstanceOf(ValidationError);
          expect((error as ValidationError).code).toBe('INVALID_CURSOR');
        }
      }),
    );
    expect(() => decodeCursor(encodeCursor(`2026-01-01T00:00:00.000Z#${randomUUID()}x`))).toThrow(ValidationError);
  });
});
