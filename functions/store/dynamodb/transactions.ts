import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, type DynamoDBDocumentClient, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';

/**
 * Why a TransactWriteItems did not apply. DynamoDB cancels a transaction with one reason per action,
 * in the order of its TransactItems (`ConditionalCheckFailed`, `TransactionConflict`, `None` for the
 * actions that were fine…); a transaction that collides with another one in flight may instead fail
 * whole with TransactionConflictException, which names no action.
 */
export type Cancellation = {
  /** Each action's reason code, by its index in TransactItems; empty when no action was named. */
  codes: (string | undefined)[];
  /** Another transaction on the same items won: reading again and retrying may succeed. */
  raced: boolean;
};

/** The cancellation a failed transaction threw, or undefined for any other error (which the caller rethrows). */
export function decodeCancellation(error: unknown): Cancellation | undefined {
  if (error instanceof TransactionCanceledException) {
    const codes = (error.CancellationReasons ?? []).map((reason) => reason.Code);
    return { codes, raced: codes.includes('TransactionConflict') };
  }
  if ((error as { name?: string } | undefined)?.name === 'TransactionConflictException') return { codes: [], raced: true };
  return undefined;
}

/** The action at `index` of the transaction failed its condition. */
export const failedCondition = (cancellation: Cancellation, index: number): boolean =>
  cancellation.codes[index] === 'ConditionalCheckFailed';

/**
 * An item was no longer as read (some condition failed) or a concurrent transaction won: the caller
 * reads again and decides anew.
 */
export const isConflict = (cancellation: Cancellation): boolean =>
  cancellation.raced || cancellation.codes.includes('ConditionalCheckFailed');

/** A cancelled transaction: why, and the error DynamoDB threw, for the caller to rethrow a cancellation it does not expect. */
export type Cancelled = Cancellation & { error: unknown };

/**
 * Sends one TransactWriteItems: undefined when it applied, what cancelled it when DynamoDB did. Any
 * other error (the network, a bad request) is thrown.
 */
export async function transactWrite(
  client: DynamoDBDocumentClient,
  items: NonNullable<TransactWriteCommandInput['TransactItems']>,
): Promise<Cancelled | undefined> {
  try {
    await client.send(new TransactWriteCommand({ TransactItems: items }));
    return undefined;
  } catch (error) {
    const cancellation = decodeCancellation(error);
    if (!cancellation) throw error;
    return { ...cancellation, error };
  }
}
