import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { Context, DynamoDBStreamEvent } from 'aws-lambda';
import { rankingWork } from '../../domain/rankings';
import { logger } from '../../observability';
import { postFromItem } from '../../store/dynamodb/postItems';
import { rankWriter } from '../../wiring';

// Writes rank rows only; the posts it ranks arrive in the stream records.
const top = rankWriter();

const image = (value: unknown) => (value ? postFromItem(unmarshall(value as Record<string, AttributeValue>)) : undefined);

/**
 * Fed by the posts table stream (old and new images), filtered to changes that touch a published
 * post: keeps the Top's rank rows equal to the published posts and their counts. Each batch is
 * reduced to the final state of each post it touches, so a burst of votes is one write per period,
 * and writing it again (a repeated record) changes nothing. A failure throws: the batch is retried,
 * bisected, and finally recorded in the failure destination.
 */
export const handler = async (event: DynamoDBStreamEvent, context?: Context): Promise<void> => {
  if (context) logger.addContext(context);
  const work = rankingWork(
    event.Records.map((record) => ({
      before: image(record.dynamodb?.OldImage),
      after: record.eventName === 'REMOVE' ? undefined : image(record.dynamodb?.NewImage),
    })),
  );
  await top.apply(work);
  logger.info('rankings', { route: 'rankings', records: event.Records.length, put: work.put.length, removed: work.remove.length });
};
