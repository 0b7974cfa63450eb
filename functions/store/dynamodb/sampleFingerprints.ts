import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { fingerprintOf } from '../../contract/fingerprint';
import { fingerprintPut } from './postRepository';

/**
 * Writes the duplicate check's row for a post written straight into the table (the local cloud's
 * samples), as a submission claims it: only when no post holds that text yet (a row already there
 * is left to its post). Returns whether it wrote the row.
 */
export async function claimFingerprintOf(
  client: DynamoDBDocumentClient,
  moderationTable: string,
  post: { id: string; post: string; createdAt: string },
): Promise<boolean> {
  try {
    await client.send(
      new PutCommand(
        fingerprintPut(moderationTable, { fingerprint: fingerprintOf(post.post), holder: undefined }, post.id, post.createdAt),
      ),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}
