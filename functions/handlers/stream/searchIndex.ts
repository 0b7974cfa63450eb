import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { Context, DynamoDBStreamEvent } from 'aws-lambda';
import { searchWork } from '../../domain/search';
import { logger } from '../../observability';
import { postFromItem } from '../../store/dynamodb/postItems';
import { searchStore } from '../../wiring';

// Writes index entries only; the posts it indexes arrive in the stream records.
const index = searchStore();

const image = (value: unknown) => (value ? postFromItem(unmarshall(value as Record<string, AttributeValue>)) : undefined);

/**
 * Fed by the posts table stream (old and new images), filtered to changes that touch a published
 * post: keeps the search index equal to the published posts' terms (functions/domain/search.ts).
 * Each post of a batch ends with the entries of its last state, and the entries of its earlier
 * states that the last one lacks are deleted, so a repeated record changes nothing. A failure throws:
 * the batch is retried, bisected, and finally recorded in the failure destination (and
 * `npm run rebuild -- search` makes the index right again).
 */
export const handler = async (event: DynamoDBStreamEvent, context?: Context): Promise<void> => {
  if (context) logger.addContext(context);
  const work = searchWork(
    event.Records.map((record) => ({
      before: image(record.dynamodb?.OldImage),
      after: record.eventName === 'REMOVE' ? undefined : image(record.dynamodb?.NewImage),
    })),
  );
  await index.apply(work);
  logger.info('search index', { route: 'searchIndex', records: event.Records.length, put: work.put.length, removed: work.remove.length });
};
