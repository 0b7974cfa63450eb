/**
 * The work the posts table's stream feeds, part by part, and which records each part takes. DynamoDB
 * Streams serves two readers a shard well (more throttle each other, and the live feed falls behind),
 * so the posts stream has two event source mappings, each doing the work of several parts in one
 * function (functions/handlers/triggers.ts `streamHandler`):
 * - `atOnce`, with no batching window: the publications (a post entering or leaving the feeds) and
 *   the authors' notifications, which readers and authors must see within half a second;
 * - `batched`, gathering a second of records: the counts' broadcast, the Top's rank rows and the
 *   search index, which coalesce a burst of votes on one post into one message or one write, and
 *   the share cards a post's change leaves stale in CloudFront.
 * Each mapping's filter is the union of its parts' patterns (infra/functions.ts); the function gives
 * each part only the records that match its own. Nothing here runs code: the stack reads it too.
 */
import type { FilterPattern } from './filterPatterns';

/** A stream image whose post is published (in the feeds). */
const PUBLISHED = { status: { S: ['published'] } } as const;
const NOT_PUBLISHED = { status: { S: [{ 'anything-but': ['published'] }] } } as const;

/**
 * A post entering the feeds (written published, or moved there) or leaving them (moved out, or
 * deleted): the changes readers must see at once.
 */
const POST_STATUS_MOVES: readonly FilterPattern[] = [
  { eventName: ['INSERT'], dynamodb: { NewImage: PUBLISHED } },
  { eventName: ['MODIFY'], dynamodb: { OldImage: NOT_PUBLISHED, NewImage: PUBLISHED } },
  { eventName: ['MODIFY'], dynamodb: { OldImage: PUBLISHED, NewImage: NOT_PUBLISHED } },
  { eventName: ['REMOVE'], dynamodb: { OldImage: PUBLISHED } },
];

/** Any change touching a published post: entering the feeds, changing in them (its counts) or leaving them. */
const POST_FEED_CHANGES: readonly FilterPattern[] = [
  { eventName: ['INSERT', 'MODIFY'], dynamodb: { NewImage: PUBLISHED } },
  { eventName: ['MODIFY', 'REMOVE'], dynamodb: { OldImage: PUBLISHED } },
];

export const POST_STREAM_PARTS = {
  atOnce: {
    /** `post.published` and `post.removed` to every open connection. */
    publications: POST_STATUS_MOVES,
    /**
     * A post moved to published or rejected, or a vote on a published one (the day's Top): the
     * notifications part keeps the status changes out of pending and the «¡Vaya día!» votes of
     * today's posts.
     */
    notifications: [{ eventName: ['MODIFY'], dynamodb: { NewImage: { status: { S: ['published', 'rejected'] } } } }],
  },
  batched: {
    /** A published post whose counts changed (votes, comments): one `post.updated` for a second's burst. */
    counts: [{ eventName: ['MODIFY'], dynamodb: { OldImage: PUBLISHED, NewImage: PUBLISHED } }],
    /** The Top's rank rows follow every change touching a published post. */
    rankings: POST_FEED_CHANGES,
    /** The search index holds the published posts' terms. */
    search: POST_FEED_CHANGES,
    /**
     * A published post that changed or left the feeds: the cached copy of its share card is dropped
     * when the card no longer shows it (functions/domain/shareCards.ts `staleCardPaths`).
     */
    cards: [{ eventName: ['MODIFY', 'REMOVE'], dynamodb: { OldImage: PUBLISHED } }],
  },
} as const satisfies Record<string, Record<string, readonly FilterPattern[]>>;

/**
 * The filter of a mapping that feeds several parts: every part's patterns, each once (a record any
 * part takes reaches the function). Lambda allows five patterns a mapping.
 */
export function filtersOf(parts: Record<string, readonly FilterPattern[]>): FilterPattern[] {
  const seen = new Set<string>();
  return Object.values(parts)
    .flat()
    .filter((pattern) => {
      const key = JSON.stringify(pattern);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}
