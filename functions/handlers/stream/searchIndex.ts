import type { PostChange } from '../../domain/broadcast';
import { searchWork } from '../../domain/search';
import type { FilterPattern } from '../../filterPatterns';
import type { StreamPart } from '../triggers';
import { searchStore } from '../../wiring';
import { derivedFromPosts } from './derivedFromPosts';

/**
 * The search index kept equal to the published posts' terms (functions/domain/search.ts), as a part
 * of the posts stream's batched reader (functions/handlers/stream/postsBatched.ts): each post ends with
 * the entries of its last state, and those of its earlier states that the last one lacks are deleted.
 * What a failure leaves, `npm run rebuild -- search` makes right.
 */
export function searchIndex(filters: readonly FilterPattern[]): StreamPart<PostChange> {
  // Writes index entries only; the posts it indexes arrive in the stream records.
  const index = searchStore();
  return derivedFromPosts('searchIndex', filters, searchWork, (work) => index.apply(work));
}
