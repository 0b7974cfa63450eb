import { GoneException, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { Context, DynamoDBStreamEvent } from 'aws-lambda';
import { managementClient } from '../../clients';
import { requireEnv } from '../../config';
import { broadcastMessages, liveMessagesFor, type ConnectionSender } from '../../domain/broadcast';
import { METRIC } from '../../metrics';
import { count, flushMetrics, logger } from '../../observability';
import { postFromItem } from '../../store/dynamodb/postItems';
import { ENV } from '../../store/tables';
import { connectionRepository } from './connectionDeps';

const env = requireEnv(ENV.wsManagementEndpoint);
const management = managementClient(env[ENV.wsManagementEndpoint]);

const sender: ConnectionSender = {
  async send(connectionId, data) {
    try {
      await management.send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: data }));
      return 'sent';
    } catch (error) {
      if (error instanceof GoneException || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 410) {
        return 'gone';
      }
      throw error;
    }
  },
};

const image = (value: unknown) => (value ? postFromItem(unmarshall(value as Record<string, AttributeValue>)) : undefined);

/**
 * Fed by the posts table stream (old and new images), filtered to changes that touch a published
 * post: `post.published` when a post entered the feeds, `post.removed` when it left them. Records
 * may repeat: clients apply both messages idempotently. Per-connection failures are logged, never
 * thrown, so one bad client cannot make the batch retry. Each batch logs one summary line and counts
 * what was sent, gone and failed.
 */
export const handler = async (event: DynamoDBStreamEvent, context?: Context): Promise<void> => {
  if (context) logger.addContext(context);
  const messages = event.Records.flatMap((record) =>
    liveMessagesFor({ before: image(record.dynamodb?.OldImage), after: record.eventName === 'REMOVE' ? undefined : image(record.dynamodb?.NewImage) }),
  );
  const report = await broadcastMessages(
    {
      connections: connectionRepository,
      sender,
      onError: (connectionId, error) =>
        logger.warn('send failed', { route: 'broadcast', connectionId, error: error instanceof Error ? error.name : String(error) }),
    },
    messages,
  );
  logger.info('broadcast', { route: 'broadcast', records: event.Records.length, messages: messages.length, ...report });
  count(METRIC.broadcastsSent, report.sent);
  count(METRIC.broadcastsGone, report.gone);
  count(METRIC.broadcastsFailed, report.failed);
  flushMetrics();
};
