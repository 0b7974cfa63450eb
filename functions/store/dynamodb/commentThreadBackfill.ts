/**
 * Comments written before the thread index existed have no `thread` and `threadRank`, so «Mejores»
 * (a Query of the post's `best#` partition) leaves them out. This places every visible one there,
 * each with a conditional update that skips a
 * comment a write placed meanwhile. A Scan, filtered to what lacks a place: for an operator's tool
 * (`npm run rebuild -- comment-threads`) and the local cloud's start, never a request; run again, it
 * reads the table and changes nothing.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { paginateScan, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { COMMENTS_KEYS } from '../tables';
import { commentFromItem, threadOf } from './commentStore';

export async function backfillCommentThreads(
  client: DynamoDBDocumentClient,
  commentsTable: string,
): Promise<{ placed: number; changedMeanwhile: number }> {
  const done = { placed: 0, changedMeanwhile: 0 };
  const names = { '#status': 'status', '#thread': COMMENTS_KEYS.thread, '#rank': COMMENTS_KEYS.threadRank };
  const pages = paginateScan(
    { client, pageSize: 500 },
    {
      TableName: commentsTable,
      FilterExpression: '#status = :visible AND attribute_not_exists(#thread)',
      ExpressionAttributeNames: { '#status': 'status', '#thread': COMMENTS_KEYS.thread },
      ExpressionAttributeValues: { ':visible': 'visible' },
    },
  );
  for await (const page of pages) {
    for (const item of page.Items ?? []) {
      const comment = commentFromItem(item);
      if (!comment) continue;
      const { thread, threadRank } = threadOf(comment);
      try {
        await client.send(
          new UpdateCommand({
            TableName: commentsTable,
            Key: { id: comment.id },
            UpdateExpression: 'SET #thread = :thread, #rank = :rank',
            ConditionExpression: '#status = :visible AND attribute_not_exists(#thread)',
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: { ':visible': 'visible', ':thread': thread, ':rank': threadRank },
          }),
        );
        done.placed++;
      } catch (error) {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
        done.changedMeanwhile++;
      }
    }
  }
  return done;
}
