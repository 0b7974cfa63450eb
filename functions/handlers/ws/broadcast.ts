import { GoneException, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { Context, DynamoDBStreamEvent } from 'aws-lambda';
import { managementClient } from '../../clients';
import { requireEnv } from '../../config';
import { broadcastMessages, liveMessagesFor, type BroadcastReport, type ConnectionSender } from '../../domain/broadcast';
import { UpdatePacer } from '../../domain/liveUpdates';
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

/** At most one `post.updated` a second per post, for as long as this execution environment lives. */
const pacer = new UpdatePacer();

const image = (value: unknown) => (value ? postFromItem(unmarshall(value as Record<string, AttributeValue>)) : undefined);

/**
 * Fed by the posts table stream (old and new images), filtered to changes that touch a published
 * post: `post.published` when a post entered the feeds, `post.removed` when it left them,
 * `post.updated` (at most once a second per post) when its counts changed. Records
 * may repeat: clients apply both messages idempotently. Per-connection failures are logged, never
 * thrown, so one bad client cannot make the batch retry. Each batch logs one summary line and counts
 * what was sent, gone and failed.
 */
export const handler = async (event: DynamoDBStreamEvent, context?: Context): Promise<void> => {
  if (context) logger.addContext(context);
  const messages = event.Records.flatMap((record) =>
    liveMessagesFor({ before: image(record.dynamodb?.OldImage), after: record.eventName === 'REMOVE' ? undefined : image(record.dynamodb?.NewImage) }),
  );
  const deliver = (paced: typeof messages) =>
    broadcastMessages(
      {
        connections: connectionRepository,
        sender,
        onError: (connectionId, error) =>
          logger.warn('send failed', { route: 'broadcast', connectionId, error: error instanceof Error ? error.name : String(error) }),
      },
      paced,
    );
  // post.updated coalesced and paced (functions/domain/liveUpdates.ts); everything else goes at once.
  const report = sumReports(await pacer.deliver(messages, deliver));
  logger.info('broadcast', { route: 'broadcast', records: event.Records.length, messages: messages.length, ...report });
  count(METRIC.broadcastsSent, report.sent);
  count(METRIC.broadcastsGone, report.gone);
  count(METRIC.broadcastsFailed, report.failed);
  flushMetrics();
};

function sumReports(reports: BroadcastReport[]): BroadcastReport {
  return reports.reduce((sum, report) => ({ sent: sum.sent + report.sent, gone: sum.gone + report.gone, failed: sum.failed + report.failed }), {
    sent: 0,
    gone: 0,
    failed: 0,
  });
}
