import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { decodeCancellation, failedCondition, isConflict } from '../../functions/store/dynamodb/transactions';

const cancelled = (...codes: string[]) =>
  new TransactionCanceledException({
    message: 'Transaction cancelled',
    $metadata: {},
    CancellationReasons: codes.map((Code) => ({ Code })),
  });

describe('decodeCancellation', () => {
  it('names which action failed its condition, by its index in the transaction', () => {
    const decoded = decodeCancellation(cancelled('None', 'ConditionalCheckFailed'))!;
    expect(failedCondition(decoded, 0)).toBe(false);
    expect(failedCondition(decoded, 1)).toBe(true);
    expect(decoded.raced).toBe(false);
    expect(isConflict(decoded)).toBe(true);
  });

  it('reads a reason of TransactionConflict, or a TransactionConflictException, as a race to retry', () => {
    expect(decodeCancellation(cancelled('TransactionConflict', 'None'))).toEqual({ codes: ['TransactionConflict', 'None'], raced: true });
    const exception = Object.assign(new Error('conflict'), { name: 'TransactionConflictException' });
    expect(decodeCancellation(exception)).toEqual({ codes: [], raced: true });
  });

  it('is no conflict when the transaction was cancelled for another reason (a throttle, a validation error)', () => {
    expect(isConflict(decodeCancellation(cancelled('None', 'ThrottlingError'))!)).toBe(false);
  });

  it('leaves any other error to the caller', () => {
    expect(decodeCancellation(new Error('network'))).toBeUndefined();
    expect(decodeCancellation(undefined)).toBeUndefined();
  });
});
