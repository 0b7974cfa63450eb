import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { Context, DynamoDBStreamEvent } from 'aws-lambda';
import { inspect } from 'node:util';
import { commentMessageFor, deliverCommentMessages } from '../../domain/commentBroadcast';
import type { LiveMessage } from '../../contract/live';
import { METRIC } from '../../metrics';
import { count, flushMetrics, logger } from '../../observability';
import { commentFromItem } from '../../store/dynamodb/commentStore';
import { sender } from './sender';
import { connectionRepository } from '../../wiring';

const connections = connectionRepository();

const image = (value: unknown) => (value ? commentFromItem(unmarshall(value as Record<string, AttributeValue>)) : undefined);

/**
 * Fed by the comments table stream, filtered to new visible comments: `comment.created` to the
 * connections reading that post's page. Per-connection failures are logged, never thrown, so one bad
 * client cannot make the batch retry.
 */
export const handler = async (event: DynamoDBStreamEvent, context?: Context): Promise<void> => {
  if (context) logger.addContext(context);
  const messages = event.Records.map((record) =>
    commentMessageFor({ before: image(record.dynamodb?.OldImage), after: image(record.dynamodb?.NewImage) }),
  ).filter((message): message is LiveMessage => message !== undefined);
  const report = await deliverCommentMessages(
    {
      connections,
      sender,
      onError: (connectionId, error) =>
        logger.warn('send failed', {
          route: 'comment-broadcast',
          connectionId,
          error: error instanceof Error ? error.name : inspect(error),
        }),
    },
    messages,
  );
  logger.info('comment broadcast', { route: 'comment-broadcast', records: event.Records.length, messages: messages.length, ...report });
  count(METRIC.broadcastsSent, report.sent);
  count(METRIC.broadcastsGone, report.gone);
  count(METRIC.broadcastsFailed, report.failed);
  flushMetrics();
};
