import { rankingWork } from '../../domain/rankings';
import type { PostChange } from '../../domain/broadcast';
import type { FilterPattern } from '../../filterPatterns';
import { logger } from '../../observability';
import type { StreamPart } from '../triggers';
import { rankWriter } from '../../wiring';

/**
 * The Top's rank rows kept equal to the published posts and their counts, as a part of the posts
 * stream's batched reader (functions/handlers/stream/postsBatched.ts). Each batch is reduced to the
 * final state of each post it touches, so a burst of votes is one write per period, and writing it
 * again (a repeated record) changes nothing. A failure throws: the records of the posts whose rows
 * could not be written are retried (functions/handlers/triggers.ts), then recorded in the failure
 * destination, and the nightly ReconcileTop heals what they left.
 */
export function rankings(filters: readonly FilterPattern[]): StreamPart<PostChange> {
  // Writes rank rows only; the posts it ranks arrive in the stream records.
  const top = rankWriter();
  return {
    name: 'rankings',
    filters,
    keyOf: (change) => change.after?.id ?? change.before?.id,
    async run(changes) {
      const work = rankingWork(changes);
      await top.apply(work);
      logger.info('rankings', { route: 'rankings', records: changes.length, put: work.put.length, removed: work.remove.length });
    },
  };
}
