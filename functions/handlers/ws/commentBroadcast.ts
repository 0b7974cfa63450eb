import { inspect } from 'node:util';
import { commentMessageFor, deliverCommentMessages } from '../../domain/commentBroadcast';
import type { LiveMessage } from '../../contract/live';
import { METRIC } from '../../metrics';
import { count, logger } from '../../observability';
import { streamHandler } from '../triggers';
import { sender } from './sender';
import { connectionRepository, streamImages } from '../../wiring';

const connections = connectionRepository();

/**
 * Fed by the comments table stream, filtered to new visible comments: `comment.created` to the
 * connections reading that post's page. Per-connection failures are logged, never thrown, so one bad
 * client cannot make the batch retry.
 */
export const handler = streamHandler({
  route: 'comment-broadcast',
  decode: streamImages().comments,
  parts: [
    {
      name: 'comment-broadcast',
      async run(changes) {
        const messages = changes.map(commentMessageFor).filter((message): message is LiveMessage => message !== undefined);
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
        logger.info('comment broadcast', { route: 'comment-broadcast', records: changes.length, messages: messages.length, ...report });
        count(METRIC.broadcastsSent, report.sent);
        count(METRIC.broadcastsGone, report.gone);
        count(METRIC.broadcastsFailed, report.failed);
      },
    },
  ],
});
