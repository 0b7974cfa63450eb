import { inspect } from 'node:util';
import { commentMessageFor, commentUpdatePacer, deliverCommentMessages, type CommentMessage } from '../../domain/commentBroadcast';
import { METRIC } from '../../metrics';
import { count, logger } from '../../observability';
import { streamHandler } from '../triggers';
import { sender } from './sender';
import { connectionRepository, streamImages } from '../../wiring';

const connections = connectionRepository();
// At most one `comment.updated` a second per comment, for as long as this execution environment lives.
const pacer = commentUpdatePacer();

/**
 * Fed by the comments table stream, filtered to visible comments: `comment.created` for a new one and
 * `comment.updated` (paced) when its counts moved, to the connections reading that post's page. Per-connection failures are logged, never thrown, so one bad
 * client cannot make the batch retry.
 */
export const handler = streamHandler({
  route: 'comment-broadcast',
  decode: streamImages().comments,
  parts: [
    {
      name: 'comment-broadcast',
      async run(changes) {
        const messages = changes.map(commentMessageFor).filter((message): message is CommentMessage => message !== undefined);
        const deps = {
          connections,
          sender,
          onError: (connectionId: string, error: unknown) =>
            logger.warn('send failed', {
              route: 'comment-broadcast',
              connectionId,
              error: error instanceof Error ? error.name : inspect(error),
            }),
        };
        const reports = await pacer.deliver(messages, (paced) => deliverCommentMessages(deps, paced));
        const report = reports.reduce(
          (sum, one) => ({ sent: sum.sent + one.sent, gone: sum.gone + one.gone, failed: sum.failed + one.failed }),
          {
            sent: 0,
            gone: 0,
            failed: 0,
          },
        );
        logger.info('comment broadcast', { route: 'comment-broadcast', records: changes.length, messages: messages.length, ...report });
        count(METRIC.broadcastsSent, report.sent);
        count(METRIC.broadcastsGone, report.gone);
        count(METRIC.broadcastsFailed, report.failed);
      },
    },
  ],
});
