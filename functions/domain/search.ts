/**
 * Search of the archive (docs/api.md, docs/decisions/0005-search-on-dynamodb.md): an
 * inverted index kept from the posts stream, read one Query per term.
 *
 * Indexing: a published post has one entry per distinct term of its text (contract/search.ts: folded,
 * stop words out, stemmed), keyed by term and the post's feed key, with the term's count in the post
 * and the post's length; any other status has none. A batch of stream records is reduced to each
 * post's final state: its entries are written again (an overwrite, so a repeated record changes
 * nothing) and every entry of an earlier state that the final one lacks is deleted.
 *
 * Querying: every term of the query is required. Each term's newest {@link MAX_POSTINGS_PER_TERM}
 * entries are read (one Query each, of the term's category partition when a category is asked), the
 * lists are intersected, and the posts ranked by a BM25 score without its idf factor, then newest
 * first. Without idf a post's score depends only on the post and the query, never on the rest of the
 * archive, so it cannot change between two page reads and the cursor (the last post's score and key)
 * pages without repeats. The page's posts are read with one BatchGetItem and only those still published
 * are answered.
 */
import type { PostPage } from '../contract/posts';
import { hasTwoLetters, MAX_QUERY_LENGTH, MAX_QUERY_TERMS, queryTerms, termCounts, words } from '../contract/search';
import type { PostChange } from './broadcast';
import { ValidationError } from './errors';
import { parseCategory, parseLimit } from './input';
import { publicPost } from './lifecycle';
import type { StoredPost } from './ports/posts';
import type { IndexEntry, IndexKey, IndexWork, Posting, SearchIndexReader, SearchRebuildStore } from './ports/search';

/**
 * How many entries of one term a query reads at most (its newest posts): the query's cost is bounded
 * whatever the archive's size. A word in more posts than this is searched among its newest ones.
 */
export const MAX_POSTINGS_PER_TERM = 1000;

/** BM25's term-frequency saturation and length normalisation, at their usual values. */
const K1 = 1.2;
const B = 0.75;
/** A typical post's length in terms (≤ 300 characters, stop words out): BM25's average document length, fixed. */
const TYPICAL_LENGTH = 20;
/** Scores are kept as integers (millionths), so a cursor compares them exactly. */
const SCORE_SCALE = 1_000_000;

const POST_KEY = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z#[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const CURSOR = /^(\d{1,15})#(.+)$/;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** A published post's key in the index: its feed key, so a term's posts read newest first. */
export function postKeyOf(post: StoredPost): string | undefined {
  return post.status === 'published' && post.publishedAt !== null ? `${post.publishedAt}#${post.id}` : undefined;
}

/** The post id inside an index key. */
export function postIdOfKey(postKey: string): string {
  return postKey.slice(postKey.indexOf('#') + 1);
}

/** The index entries of a post: one per distinct term while it is published, none otherwise. */
export function indexEntriesFor(post: StoredPost | undefined): IndexEntry[] {
  if (!post) return [];
  const postKey = postKeyOf(post);
  if (postKey === undefined) return [];
  const { counts, length } = termCounts(post.post);
  return [...counts].map(([term, tf]) => ({ term, postKey, category: post.category, tf, length }));
}

const keyOf = (entry: IndexKey) => `${entry.term}\u0000${entry.postKey}`;

/** What the index holds of a post's state: its key, category and text while published; undefined otherwise. */
function indexedState(post: StoredPost | undefined): string | undefined {
  const postKey = post ? postKeyOf(post) : undefined;
  return post && postKey ? JSON.stringify([postKey, post.category, post.post]) : undefined;
}

/**
 * What a batch of post changes does to the index. Each post ends with the entries of its last state
 * in the batch (none unless published); the entries of every earlier state it had in the batch that
 * the last one lacks are deleted (a post that left the feeds, an edit, a new publication time). A
 * post still published with the indexed state (key, category, text) it started with — a vote or a
 * comment on it — costs nothing.
 */
export function searchWork(changes: readonly PostChange[]): IndexWork {
  const byPost = new Map<string, { first?: StoredPost; earlier: StoredPost[]; last?: StoredPost }>();
  for (const { before, after } of changes) {
    const id = after?.id ?? before?.id;
    if (!id) continue;
    const seen = byPost.get(id) ?? { first: before, earlier: [] };
    if (before) seen.earlier.push(before);
    if (seen.last) seen.earlier.push(seen.last);
    seen.last = after;
    byPost.set(id, seen);
  }
  const put: IndexEntry[] = [];
  const remove: IndexKey[] = [];
  for (const { first, earlier, last } of byPost.values()) {
    // Still published as it was: its entries are there already. (One that ends unpublished always
    // deletes its states' entries: a record of its publication may have been applied before.)
    const state = indexedState(last);
    if (state !== undefined && state === indexedState(first)) continue;
    const kept = indexEntriesFor(last);
    const keptKeys = new Set(kept.map(keyOf));
    const removed = new Map<string, IndexKey>();
    for (const state of earlier) {
      for (const { term, postKey } of indexEntriesFor(state)) {
        const key = keyOf({ term, postKey });
        if (!keptKeys.has(key)) removed.set(key, { term, postKey });
      }
    }
    put.push(...kept);
    remove.push(...removed.values());
  }
  return { put, remove };
}

/** A post's score for a query: the sum over the query's terms of BM25's saturated, length-normalised frequency. */
export function scoreOf(postings: readonly Posting[]): number {
  let score = 0;
  for (const { tf, length } of postings) score += (tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * length) / TYPICAL_LENGTH));
  return Math.round(score * SCORE_SCALE);
}

type Ranked = { postKey: string; score: number };

/** Best first: higher score, then newer (the key starts with `publishedAt`), then the id. */
function before(a: Ranked, b: Ranked): number {
  if (a.score !== b.score) return b.score - a.score;
  return a.postKey < b.postKey ? 1 : a.postKey > b.postKey ? -1 : 0;
}

export function encodeSearchCursor(position: Ranked): string {
  return Buffer.from(`${position.score}#${position.postKey}`, 'utf8').toString('base64url');
}

/** A search cursor back to the position it came from, or INVALID_CURSOR. */
export function decodeSearchCursor(cursor: string): Ranked {
  const text = BASE64URL.test(cursor) && cursor.length <= 200 ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  const match = CURSOR.exec(text);
  if (!match || !POST_KEY.test(match[2] ?? '')) throw new ValidationError('INVALID_CURSOR');
  return { score: Number(match[1]), postKey: match[2] as string };
}

export type SearchParams = { q?: string; category?: string; limit?: string; cursor?: string };

/**
 * The terms a query looks up, or INVALID_QUERY: empty, longer than {@link MAX_QUERY_LENGTH}, or
 * without a word of two letters or more. Only stop words is a valid query that finds nothing. Past
 * {@link MAX_QUERY_TERMS} terms, the longest are kept.
 */
export function parseQuery(q: string | undefined): string[] {
  if (q === undefined || q.trim().length === 0 || q.length > MAX_QUERY_LENGTH) throw new ValidationError('INVALID_QUERY');
  if (!words(q).some(hasTwoLetters)) throw new ValidationError('INVALID_QUERY');
  const terms = queryTerms(q);
  if (terms.length <= MAX_QUERY_TERMS) return terms;
  return [...terms].sort((a, b) => b.length - a.length).slice(0, MAX_QUERY_TERMS);
}

export type SearchDeps = { search: SearchIndexReader };

/**
 * `GET /search`: published posts holding every term of `q`, best match first, then newest; of one
 * category when asked. One Query per term, then one BatchGetItem for the page's posts.
 */
export async function searchPosts(deps: SearchDeps, params: SearchParams): Promise<PostPage> {
  const terms = parseQuery(params.q);
  const category = parseCategory(params.category);
  const limit = parseLimit(params.limit);
  const after = params.cursor !== undefined ? decodeSearchCursor(params.cursor) : undefined;
  if (terms.length === 0) return { items: [], nextCursor: null };

  const lists = await Promise.all(terms.map((term) => deps.search.postings(term, { category, limit: MAX_POSTINGS_PER_TERM })));
  // Intersect from the shortest list: a post must hold every term.
  lists.sort((a, b) => a.length - b.length);
  const [shortest = [], ...others] = lists;
  const byKey = others.map((list) => new Map(list.map((posting) => [posting.postKey, posting])));
  const ranked: Ranked[] = [];
  for (const posting of shortest) {
    const all = [posting];
    for (const map of byKey) {
      const found = map.get(posting.postKey);
      if (!found) break;
      all.push(found);
    }
    if (all.length === lists.length) ranked.push({ postKey: posting.postKey, score: scoreOf(all) });
  }
  ranked.sort(before);

  const start = after ? ranked.findIndex((entry) => before(entry, after) > 0) : 0;
  const page = start < 0 ? [] : ranked.slice(start, start + limit);
  const hasMore = start >= 0 && start + limit < ranked.length;
  const posts = await deps.search.posts(page.map((entry) => postIdOfKey(entry.postKey)));
  // The index follows the posts a few seconds behind: a post that left the feeds (or its category)
  // since is left out here (the page is one shorter), never shown.
  const items = page
    .map((entry) => posts.get(postIdOfKey(entry.postKey)))
    .filter((post): post is StoredPost => post !== undefined && post.status === 'published' && (!category || post.category === category))
    .map(publicPost);
  const last = page.at(-1);
  return { items, nextCursor: hasMore && last ? encodeSearchCursor(last) : null };
}

export type SearchRebuildResult = { published: number; written: number; removed: number };

/**
 * Makes the index equal to the published posts again (`npm run rebuild -- search`): every entry
 * whose post is no longer published, or no longer has that term or key, is deleted; every published
 * post's entries are written again. Memory stays at one page of each Scan. A post that changes while
 * it runs is also handled by the stream; an entry left stale meanwhile is never shown (a query reads
 * the post's status) and goes at the next rebuild.
 */
export async function rebuildSearch(store: SearchRebuildStore & Pick<SearchIndexReader, 'posts'>): Promise<SearchRebuildResult> {
  const result: SearchRebuildResult = { published: 0, written: 0, removed: 0 };
  for await (const entries of store.allEntries()) {
    const ids = [...new Set(entries.map((entry) => postIdOfKey(entry.postKey)))];
    const wanted = new Set<string>();
    for (let i = 0; i < ids.length; i += 100) {
      const posts = await store.posts(ids.slice(i, i + 100));
      for (const post of posts.values()) for (const entry of indexEntriesFor(post)) wanted.add(keyOf(entry));
    }
    const remove = entries.filter((entry) => !wanted.has(keyOf(entry)));
    if (remove.length > 0) await store.apply({ put: [], remove });
    result.removed += remove.length;
  }
  for await (const posts of store.publishedPosts()) {
    const put = posts.flatMap((post) => indexEntriesFor(post));
    result.published += posts.length;
    if (put.length > 0) await store.apply({ put, remove: [] });
    result.written += put.length;
  }
  return result;
}
