import type { PostChange } from '../../domain/broadcast';
import { forgetStaleCards } from '../../domain/shareCards';
import type { FilterPattern } from '../../filterPatterns';
import { logger } from '../../observability';
import type { StreamPart } from '../triggers';
import { cardCache } from '../../wiring';
import { changedPost } from './derivedFromPosts';

/**
 * Drops from CloudFront the share cards a batch of post changes left stale: a post taken out of the
 * feeds (removed by moderators, hidden by reports, deleted with its account's content) stops showing
 * as a picture within seconds instead of the day its card may be cached. A failure throws: the
 * records of the posts whose cards could not be dropped are retried (functions/handlers/triggers.ts).
 */
export function shareCardCache(filters: readonly FilterPattern[]): StreamPart<PostChange> {
  const cards = cardCache();
  return {
    name: 'cards',
    filters,
    keyOf: changedPost,
    async run(changes) {
      const forgotten = await forgetStaleCards({ cards }, changes);
      logger.info('cards', { route: 'cards', records: changes.length, forgotten });
    },
  };
}
