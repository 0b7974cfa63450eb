import type { PostChange } from '../../domain/broadcast';
import { searchWork } from '../../domain/search';
import type { FilterPattern } from '../../filterPatterns';
import { logger } from '../../observability';
import type { StreamPart } from '../triggers';
import { searchStore } from '../../wiring';

/**
 * The search index kept equal to the published posts' terms (functions/domain/search.ts), as a part
 * of the posts stream's batched reader (functions/handlers/stream/postsBatched.ts). Each post of a
 * batch ends with the entries of its last state, and the entries of its earlier states that the last
 * one lacks are deleted, so a repeated record changes nothing. A failure throws: the records of the
 * posts whose entries could not be written are retried (functions/handlers/triggers.ts), then
 * recorded in the failure destination (and `npm run rebuild -- search` makes the index right again).
 */
export function searchIndex(filters: readonly FilterPattern[]): StreamPart<PostChange> {
  // Writes index entries only; the posts it indexes arrive in the stream records.
  const index = searchStore();
  return {
    name: 'searchIndex',
    filters,
    keyOf: (change) => change.after?.id ?? change.before?.id,
    async run(changes) {
      const work = searchWork(changes);
      await index.apply(work);
      logger.info('search index', { route: 'searchIndex', records: changes.length, put: work.put.length, removed: work.remove.length });
    },
  };
}
