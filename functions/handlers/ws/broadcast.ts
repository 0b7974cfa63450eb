import { InvokeCommand } from '@aws-sdk/client-lambda';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { Context, DynamoDBStreamEvent } from 'aws-lambda';
import { inspect } from 'node:util';
import { lambdaClient } from '../../clients';
import { requireEnv } from '../../config';
import { fanOutMessages, liveMessagesFor, type PartDispatcher } from '../../domain/broadcast';
import { METRIC } from '../../metrics';
import { count, flushMetrics, logger } from '../../observability';
import { postFromItem } from '../../store/dynamodb/postItems';
import { ENV } from '../../store/tables';
import type { BroadcastPartEvent } from './broadcastPart';
import { connectionRepository } from './connectionDeps';
import { sender } from './sender';

const env = requireEnv(ENV.broadcastPartFunction);
const encoder = new TextEncoder();

/** Each part but the first goes to its own asynchronous invocation of BroadcastPart. */
const dispatcher: PartDispatcher = {
  async dispatch(part, messages) {
    const event: BroadcastPartEvent = { messages, part };
    await lambdaClient().send(
      new InvokeCommand({ FunctionName: env[ENV.broadcastPartFunction], InvocationType: 'Event', Payload: encoder.encode(JSON.stringify(event)) }),
    );
  },
};

const image = (value: unknown) => (value ? postFromItem(unmarshall(value as Record<string, AttributeValue>)) : undefined);

/**
 * Fed by the posts table stream (old and new images), filtered to changes that touch a published
 * post: `post.published` when a post entered the feeds, `post.removed` when it left them. Records
 * may repeat: clients apply both messages idempotently. A large audience is split into parts sent
 * by parallel invocations (functions/domain/broadcast.ts `fanOutMessages`); this one sends the first.
 * Per-connection failures are logged, never thrown, so one bad client cannot make the batch retry; a
 * part that cannot be dispatched does. Each batch logs one summary line and counts what it sent,
 * found gone and failed (each part counts its own).
 */
export const handler = async (event: DynamoDBStreamEvent, context?: Context): Promise<void> => {
  if (context) logger.addContext(context);
  const messages = event.Records.flatMap((record) =>
    liveMessagesFor({ before: image(record.dynamodb?.OldImage), after: record.eventName === 'REMOVE' ? undefined : image(record.dynamodb?.NewImage) }),
  );
  const report = await fanOutMessages(
    {
      connections: connectionRepository,
      sender,
      dispatcher,
      onError: (connectionId, error) =>
        logger.warn('send failed', { route: 'broadcast', connectionId, error: error instanceof Error ? error.name : inspect(error) }),
    },
    messages,
  );
  logger.info('broadcast', { route: 'broadcast', records: event.Records.length, messages: messages.length, ...report });
  count(METRIC.broadcastsSent, report.sent);
  count(METRIC.broadcastsGone, report.gone);
  count(METRIC.broadcastsFailed, report.failed);
  flushMetrics();
};
