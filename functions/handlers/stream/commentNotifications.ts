import { inspect } from 'node:util';
import { notifyMentions } from '../../domain/mentions';
import { notifyComments, notifyReplies, ownerChannel } from '../../domain/notifications';
import type { StoredComment } from '../../domain/ports/comments';
import { METRIC } from '../../metrics';
import { count, logger } from '../../observability';
import { streamHandler } from '../triggers';
import { blockStore, commentStore, connectionRepository, notificationStore, postRepository, streamImages } from '../../wiring';
import { sender } from '../ws/sender';

const notifications = notificationStore({ accounts: true });
const posts = postRepository();
const connections = connectionRepository();
const blocks = blockStore({ names: true });
const comments = commentStore();

/**
 * Fed by the comments table stream, filtered to new visible comments: each one by someone other than
 * the post's author is counted in that post's one coalesced notification for its author (once, even
 * when the record comes again), which is sent to the author's own sockets; a reply also tells the
 * author of the comment it answers (`comment.reply`), and each account it mentions (`@apodo`) gets its
 * own notification. None reaches an account that blocked the comment's author. A failure to store throws:
 * the records of the posts that failed are retried (functions/handlers/triggers.ts); a socket that
 * fails is only logged.
 */
export const handler = streamHandler({
  route: 'comment-notifications',
  decode: streamImages().comments,
  parts: [
    {
      name: 'comment-notifications',
      keyOf: (change) => change.after?.postId,
      async run(changes) {
        const added = changes
          .filter((change) => change.before === undefined)
          .map((change) => change.after)
          .filter((comment): comment is StoredComment => comment?.status === 'visible');
        const live = ownerChannel({
          connections,
          sender,
          onError: (connectionId, error) =>
            logger.warn('send failed', {
              route: 'comment-notifications',
              connectionId,
              error: error instanceof Error ? error.name : inspect(error),
            }),
        });
        const made =
          (await notifyComments({ notifications, live, posts, blocks }, added)) +
          (await notifyReplies({ notifications, live, comments, blocks }, added)) +
          (await notifyMentions({ notifications, live, blocks, comments }, added));
        logger.info('comment notifications', { route: 'comment-notifications', records: changes.length, made, ...live.report });
        count(METRIC.broadcastsSent, live.report.sent);
        count(METRIC.broadcastsGone, live.report.gone);
        count(METRIC.broadcastsFailed, live.report.failed);
      },
    },
  ],
});
