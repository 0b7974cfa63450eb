import { rankingWork } from '../../domain/rankings';
import type { PostChange } from '../../domain/broadcast';
import type { FilterPattern } from '../../filterPatterns';
import type { StreamPart } from '../triggers';
import { rankWriter } from '../../wiring';
import { derivedFromPosts } from './derivedFromPosts';

/**
 * The Top's rank rows kept equal to the published posts and their counts, as a part of the posts
 * stream's batched reader (functions/handlers/stream/postsBatched.ts): a burst of votes is one write
 * per period. What a failure leaves, the nightly ReconcileTop heals.
 */
export function rankings(filters: readonly FilterPattern[]): StreamPart<PostChange> {
  // Writes rank rows only; the posts it ranks arrive in the stream records.
  const top = rankWriter();
  return derivedFromPosts('rankings', filters, rankingWork, (work) => top.apply(work));
}
