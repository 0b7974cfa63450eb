import { InvokeCommand } from '@aws-sdk/client-lambda';
import { inspect } from 'node:util';
import { lambdaClient } from '../../clients';
import { requireEnv } from '../../config';
import type { LiveMessage } from '../../contract/live';
import { fanOutMessages, liveMessagesFor, type FanOutReport, type PartDispatcher, type PostChange } from '../../domain/broadcast';
import { UpdatePacer } from '../../domain/liveUpdates';
import { METRIC } from '../../metrics';
import type { FilterPattern } from '../../filterPatterns';
import { count, logger } from '../../observability';
import { ENV } from '../../store/tables';
import type { BroadcastPartEvent } from './broadcastPart';
import type { StreamPart } from '../triggers';
import { sender } from './sender';
import { connectionRepository } from '../../wiring';

const connections = connectionRepository();

const env = requireEnv(ENV.broadcastPartFunction);
const encoder = new TextEncoder();

/** Each part but the first goes to its own asynchronous invocation of BroadcastPart. */
const dispatcher: PartDispatcher = {
  async dispatch(part, messages) {
    const event: BroadcastPartEvent = { messages, part };
    await lambdaClient().send(
      new InvokeCommand({
        FunctionName: env[ENV.broadcastPartFunction],
        InvocationType: 'Event',
        Payload: encoder.encode(JSON.stringify(event)),
      }),
    );
  },
};

/**
 * The broadcast of the posts stream's changes to every open connection, as a part of a stream reader
 * (functions/handlers/triggers.ts): `post.published` when a post entered the feeds, `post.removed`
 * when it left them, `post.updated` (coalesced and paced to at most once a second per post,
 * functions/domain/liveUpdates.ts) when its counts changed. Records may repeat: clients apply every
 * message idempotently (a post they hold already is not added twice). A large audience is split into
 * parts sent by parallel invocations (functions/domain/broadcast.ts `fanOutMessages`); this one sends
 * the first. Per-connection failures are logged, never thrown, so one bad client cannot make the
 * batch retry; a part that cannot be dispatched does. Each batch logs one summary line and counts
 * what it sent, found gone and failed (each part counts its own).
 */
export function postBroadcast(name: string, filters: readonly FilterPattern[]): StreamPart<PostChange> {
  // At most one `post.updated` a second per post, for as long as this execution environment lives.
  const pacer = new UpdatePacer();
  return {
    name,
    filters,
    async run(changes) {
      const messages = changes.flatMap(liveMessagesFor);
      const deliver = (paced: LiveMessage[]) =>
        fanOutMessages(
          {
            connections,
            sender,
            dispatcher,
            onError: (connectionId, error) =>
              logger.warn('send failed', { route: name, connectionId, error: error instanceof Error ? error.name : inspect(error) }),
          },
          paced,
        );
      const report = sumReports(await pacer.deliver(messages, deliver));
      logger.info('broadcast', { route: name, records: changes.length, messages: messages.length, ...report });
      count(METRIC.broadcastsSent, report.sent);
      count(METRIC.broadcastsGone, report.gone);
      count(METRIC.broadcastsFailed, report.failed);
    },
  };
}

/** The batch's deliveries together (the paced `post.updated` may go in a delivery of their own). */
function sumReports(reports: FanOutReport[]): FanOutReport {
  return reports.reduce(
    (sum, report) => ({
      sent: sum.sent + report.sent,
      gone: sum.gone + report.gone,
      failed: sum.failed + report.failed,
      estimated: Math.max(sum.estimated, report.estimated),
      parts: sum.parts + report.parts,
    }),
    { sent: 0, gone: 0, failed: 0, estimated: 0, parts: 0 },
  );
}
