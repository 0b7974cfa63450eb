import { POST_STREAM_PARTS } from '../../postStreamParts';
import { streamHandler } from '../triggers';
import { postBroadcast } from '../ws/broadcast';
import { streamImages } from '../../wiring';
import { rankings } from './rankings';
import { searchIndex } from './searchIndex';
import { shareCardCache } from './shareCardCache';

const { counts, rankings: ranked, search, cards } = POST_STREAM_PARTS.batched;

/**
 * The posts stream's reader that gathers a second of records (functions/postStreamParts.ts), so a
 * burst of votes on one post is one `post.updated`, one write of its rank rows and one of its search
 * entries; and the share cards a change left stale leave CloudFront's cache. The parts run side by
 * side; one failing neither blocks nor undoes the others.
 */
export const handler = streamHandler({
  route: 'postsBatched',
  decode: streamImages().posts,
  parts: [postBroadcast('counts', counts), rankings(ranked), searchIndex(search), shareCardCache(cards)],
});
