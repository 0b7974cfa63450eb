import { POST_STREAM_PARTS } from '../../postStreamParts';
import { streamHandler } from '../triggers';
import { postBroadcast } from '../ws/broadcast';
import { streamImages } from '../../wiring';
import { postNotifications } from './notifications';

const { publications, notifications } = POST_STREAM_PARTS.atOnce;

/**
 * The posts stream's reader without a batching window (functions/postStreamParts.ts): a post entering
 * or leaving the feeds is broadcast to every open connection, and its author is told it was published
 * or rejected, within half a second of the write. The two parts run side by side.
 */
export const handler = streamHandler({
  route: 'postsAtOnce',
  decode: streamImages().posts,
  parts: [postBroadcast('publications', publications), postNotifications(notifications)],
});
