/**
 * The fingerprints' backfill (`npm run rebuild -- fingerprints`, docs/deploy-and-operate.md): a post
 * written before fingerprints existed has no row naming it, so a copy of its text would pass the
 * duplicate check (domain/fingerprint.ts). This gives every post that holds its text (published,
 * pending, hidden) its row, with the same rule as a submission's claim: a row nobody holds, or one
 * whose post no longer holds that text (rejected, removed, resent with another), is taken; a row held
 * by another post with the same text (two copies sent before the check existed) is left to it.
 * Running it again writes nothing; a submission racing it settles by the rows' conditions.
 */
import { fingerprintOf } from '../contract/fingerprint';
import { HOLDS_ITS_TEXT } from './fingerprint';
import type { FingerprintBackfillStore, StoredPost } from './ports/posts';

/** What a backfill did. */
export type FingerprintBackfillResult = {
  /** Posts that hold their text, read. */
  checked: number;
  /** Rows written now (the posts that had none, or whose row named a post no longer holding the text). */
  claimed: number;
  /** Posts whose row already named them. */
  held: number;
  /** Posts whose text another post holding the same text already claimed (copies from before the check). */
  copies: number;
  /** Posts whose row kept changing under the backfill (left to the next run). */
  changedMeanwhile: number;
};

/** Posts read a page (one Query each). */
export const BACKFILL_PAGE_SIZE = 100;
/** A post whose row changes this many times while it is claimed is left for the next run. */
const ATTEMPTS = 3;

export async function backfillFingerprints(
  store: FingerprintBackfillStore,
  pageSize = BACKFILL_PAGE_SIZE,
): Promise<FingerprintBackfillResult> {
  const result: FingerprintBackfillResult = { checked: 0, claimed: 0, held: 0, copies: 0, changedMeanwhile: 0 };
  for await (const page of store.holdingPosts(pageSize)) {
    for (const post of page) {
      result.checked++;
      result[await backfillOne(store, post)]++;
    }
  }
  return result;
}

async function backfillOne(store: FingerprintBackfillStore, post: StoredPost): Promise<'claimed' | 'held' | 'copies' | 'changedMeanwhile'> {
  const fingerprint = fingerprintOf(post.post);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const holder = await store.holderOf(fingerprint);
    if (holder === post.id) return 'held';
    if (holder !== undefined) {
      const other = await store.get(holder, { consistent: true });
      if (other && HOLDS_ITS_TEXT.includes(other.status) && fingerprintOf(other.post) === fingerprint) return 'copies';
    }
    if (await store.claim({ fingerprint, holder }, post.id, post.createdAt)) return 'claimed';
  }
  return 'changedMeanwhile';
}
