import { GoneException, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { Context, DynamoDBStreamEvent } from 'aws-lambda';
import { toPost, type Post } from '../../contract';
import { managementClient } from '../../clients';
import { requireEnv } from '../../config';
import { broadcastPosts, type ConnectionSender } from '../../domain/broadcast';
import { METRIC } from '../../metrics';
import { count, flushMetrics, logger } from '../../observability';
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

/**
 * Fed by the posts table stream (INSERT only). Records may repeat: clients de-duplicate by post id.
 * Per-connection failures are logged, never thrown, so one bad client cannot make the batch retry.
 * Each batch logs one summary line and counts what was sent, gone and failed.
 */
export const handler = async (event: DynamoDBStreamEvent, context?: Context): Promise<void> => {
  if (context) logger.addContext(context);
  const posts = event.Records.flatMap((record): Post[] => {
    const image = record.eventName === 'INSERT' ? record.dynamodb?.NewImage : undefined;
    const post = image ? toPost(unmarshall(image as Record<string, AttributeValue>)) : undefined;
    return post ? [post] : [];
  });
  const report = await broadcastPosts(
    {
      connections: connectionRepository,
      sender,
      onError: (connectionId, error) =>
        logger.warn('send failed', { route: 'broadcast', connectionId, error: error instanceof Error ? error.name : String(error) }),
    },
    posts,
  );
  logger.info('broadcast', { route: 'broadcast', records: event.Records.length, posts: posts.length, ...report });
  count(METRIC.broadcastsSent, report.sent);
  count(METRIC.broadcastsGone, report.gone);
  count(METRIC.broadcastsFailed, report.failed);
  flushMetrics();
};
