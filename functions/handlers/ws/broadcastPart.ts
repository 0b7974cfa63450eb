import { inspect } from 'node:util';
import { toLiveMessage, type LiveMessage } from '../../contract/live';
import { sendPart, type BroadcastPart } from '../../domain/broadcast';
import { METRIC } from '../../metrics';
import { count, logger } from '../../observability';
import { invokedHandler } from '../triggers';
import { sender } from './sender';
import { connectionRepository } from '../../wiring';

const connections = connectionRepository();

/** What the broadcast sends each part's invocation. */
export type BroadcastPartEvent = { messages: LiveMessage[]; part: BroadcastPart };

/** The event, checked: only known live messages, and a segment that exists. */
function parse(event: unknown): BroadcastPartEvent {
  const { messages, part } = (event ?? {}) as { messages?: unknown; part?: { segment?: unknown; totalSegments?: unknown } };
  const parsed = Array.isArray(messages) ? messages.map(toLiveMessage) : [];
  const { segment, totalSegments } = part ?? {};
  if (
    parsed.length === 0 ||
    parsed.some((message) => message === null) ||
    !Number.isInteger(segment) ||
    !Number.isInteger(totalSegments) ||
    (segment as number) < 0 ||
    (segment as number) >= (totalSegments as number)
  ) {
    throw new Error('BroadcastPart: malformed event');
  }
  return { messages: parsed as LiveMessage[], part: { segment: segment as number, totalSegments: totalSegments as number } };
}

/**
 * One part of a large broadcast, invoked asynchronously by the broadcast: sends the messages to
 * every connection in its segment of the connections table, at most 50 sends in flight, deleting the
 * connections that are gone. Per-connection failures are logged and counted, never thrown (Lambda
 * would retry the whole part); a Scan that fails throws, and Lambda retries the part.
 */
export const handler = invokedHandler('broadcastPart', async (event) => {
  const { messages, part } = parse(event);
  const report = await sendPart(
    {
      connections,
      sender,
      onError: (connectionId, error) =>
        logger.warn('send failed', { route: 'broadcastPart', connectionId, error: error instanceof Error ? error.name : inspect(error) }),
    },
    part,
    messages,
  );
  logger.info('broadcast part', { route: 'broadcastPart', messages: messages.length, ...part, ...report });
  count(METRIC.broadcastsSent, report.sent);
  count(METRIC.broadcastsGone, report.gone);
  count(METRIC.broadcastsFailed, report.failed);
});
