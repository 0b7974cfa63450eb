import type { PostChange } from '../../domain/broadcast';
import type { FilterPattern } from '../../filterPatterns';
import { logger } from '../../observability';
import type { StreamPart } from '../triggers';

/** The post a change of the posts stream is about: what a part's failures are isolated by. */
export const changedPost = (change: PostChange): string | undefined => change.after?.id ?? change.before?.id;

/**
 * A part of the posts stream's batched reader that keeps a table derived from the posts equal to them:
 * each batch is reduced to the rows its posts' last states need (`work`) and written (`write`), so a
 * repeated record changes nothing. A failure throws: the records of the posts whose rows could not be
 * written are retried (functions/handlers/triggers.ts), then recorded in the failure destination.
 */
export function derivedFromPosts<W extends { put: readonly unknown[]; remove: readonly unknown[] }>(
  name: string,
  filters: readonly FilterPattern[],
  work: (changes: PostChange[]) => W,
  write: (work: W) => Promise<void>,
): StreamPart<PostChange> {
  return {
    name,
    filters,
    keyOf: changedPost,
    async run(changes) {
      const rows = work(changes);
      await write(rows);
      logger.info(name, { route: name, records: changes.length, put: rows.put.length, removed: rows.remove.length });
    },
  };
}
