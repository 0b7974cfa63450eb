/**
 * «¿Se parece a alguna de estas?» (docs/api.md): the published posts that share most of a text's
 * significant words, read from the search index (./search.ts) — one Query per term, never a Scan.
 *
 * The text's terms are the index's own (contract/search.ts: folded like every text check, stop words
 * out, stemmed), so «camión», «CAMION» and «camiones» meet. Of more than MAX_SIMILAR_TERMS distinct
 * terms, the longest are looked up: the index keeps no count of the posts holding a term, and a longer
 * stem is the rarer one. A post is a look-alike when it holds at least MIN_SHARED_TERMS of those terms
 * and at least half of what the two texts can share (the looked-up terms, or the post's own length in
 * terms when it is shorter): a story told again shares nearly all its words, an unrelated one that
 * happens to say «tarde» and «trabajo» does not. Best first: more terms shared, then the tighter BM25
 * match (./search.ts scoreOf: a shorter post holding them), then the newest.
 *
 * Reads per request: at most MAX_SIMILAR_TERMS Queries of at most SIMILAR_POSTINGS_PER_TERM entries
 * each (a term's newest), then one BatchGetItem of at most MAX_SIMILAR_POSTS + CANDIDATE_SPARE posts,
 * whose status is checked again (the index follows the posts a few seconds behind).
 */
import type { PendingPostWithSimilar } from '../contract/moderation';
import type { Post } from '../contract/posts';
import { hasTwoLetters, termCounts } from '../contract/search';
import { MAX_SIMILAR_POSTS, MAX_SIMILAR_TERMS, similarText, type SimilarPosts } from '../contract/similar';
import type { Caller } from './author';
import { ValidationError } from './errors';
import { publicPost } from './lifecycle';
import { nextForModeration, type ModerationDeps } from './moderation';
import type { SearchIndexReader } from './ports/search';
import { postIdOfKey, scoreOf } from './search';
import type { Posting } from './ports/search';
import type { StoredPost } from './ports/posts';

/** Fewer shared terms than this is never a look-alike (two common words say nothing). */
export const MIN_SHARED_TERMS = 3;
/** The share of what two texts can have in common that a look-alike holds (more than half: «most of the words»). */
export const MIN_SHARED_SHARE = 0.5;
/**
 * Entries read of one term at most (its newest posts): a request reads at most MAX_SIMILAR_TERMS times
 * this many entries, whatever the archive's size. The rarer terms a retelling shares are far below it.
 */
export const SIMILAR_POSTINGS_PER_TERM = 500;
/** Posts read beyond MAX_SIMILAR_POSTS, in case the best ones left the feeds since the index saw them. */
export const CANDIDATE_SPARE = 2;

/**
 * The terms a text is compared by: its distinct terms with two letters or more (a number alone tells
 * stories apart badly), the MAX_SIMILAR_TERMS longest when there are more, in the text's order.
 */
export function significantTerms(text: string): string[] {
  const terms = [...termCounts(text).counts.keys()].filter(hasTwoLetters);
  if (terms.length <= MAX_SIMILAR_TERMS) return terms;
  const kept = new Set(
    terms
      .map((term, index) => ({ term, index }))
      .sort((a, b) => b.term.length - a.term.length || a.index - b.index)
      .slice(0, MAX_SIMILAR_TERMS)
      .map(({ term }) => term),
  );
  return terms.filter((term) => kept.has(term));
}

type Candidate = { postKey: string; shared: number; score: number };

/** Best first: more terms shared, then the higher score, then the newer (the key starts with `publishedAt`). */
function better(a: Candidate, b: Candidate): number {
  if (a.shared !== b.shared) return b.shared - a.shared;
  if (a.score !== b.score) return b.score - a.score;
  return a.postKey < b.postKey ? 1 : a.postKey > b.postKey ? -1 : 0;
}

/**
 * The look-alikes of a text among the published posts, best first, at most MAX_SIMILAR_POSTS, never the
 * post `excludeId`. The text is taken as it is (the caller checked its length).
 */
export async function lookAlikes(search: SearchIndexReader, text: string, excludeId?: string): Promise<Post[]> {
  const terms = significantTerms(text);
  if (terms.length < MIN_SHARED_TERMS) return [];
  const lists = await Promise.all(terms.map((term) => search.postings(term, { limit: SIMILAR_POSTINGS_PER_TERM })));
  const byPost = new Map<string, Posting[]>();
  for (const list of lists) {
    for (const posting of list) {
      if (excludeId !== undefined && postIdOfKey(posting.postKey) === excludeId) continue;
      const found = byPost.get(posting.postKey);
      if (found) found.push(posting);
      else byPost.set(posting.postKey, [posting]);
    }
  }
  const candidates: Candidate[] = [];
  for (const [postKey, postings] of byPost) {
    const shared = postings.length;
    const postLength = postings[0]?.length ?? 0;
    const room = Math.min(terms.length, Math.max(postLength, 1));
    if (shared >= MIN_SHARED_TERMS && shared / room >= MIN_SHARED_SHARE) candidates.push({ postKey, shared, score: scoreOf(postings) });
  }
  if (candidates.length === 0) return [];
  candidates.sort(better);
  const best = candidates.slice(0, MAX_SIMILAR_POSTS + CANDIDATE_SPARE);
  const posts = await search.posts(best.map((candidate) => postIdOfKey(candidate.postKey)));
  return best
    .map((candidate) => posts.get(postIdOfKey(candidate.postKey)))
    .filter((post): post is StoredPost => post !== undefined && post.status === 'published')
    .slice(0, MAX_SIMILAR_POSTS)
    .map(publicPost);
}

export type SimilarDeps = { search: SearchIndexReader };

/** `GET /posts/similar?text=`: the text's look-alikes; INVALID_SIMILAR_TEXT unless it is 1–300 characters once trimmed. */
export async function similarPosts(deps: SimilarDeps, params: { text?: string }): Promise<SimilarPosts> {
  const text = similarText(params.text);
  if (text === undefined) throw new ValidationError('INVALID_SIMILAR_TEXT');
  return { items: await lookAlikes(deps.search, text) };
}

/** `GET /moderation/next` with the pending post's look-alikes among the published posts (never itself). */
export async function nextForModerationWithSimilar(deps: ModerationDeps & SimilarDeps, caller: Caller): Promise<PendingPostWithSimilar> {
  const pending = await nextForModeration(deps, caller);
  return { ...pending, similar: await lookAlikes(deps.search, pending.post, pending.id) };
}
