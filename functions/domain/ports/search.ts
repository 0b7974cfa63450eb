import type { Category } from '../../contract/posts';
import type { StoredPost } from './posts';

/**
 * One entry of the search index: a term of a published post, under the post's feed key
 * (`${publishedAt}#${id}`, so a term's posts read newest first), with what ranking needs.
 */
export type IndexEntry = {
  term: string;
  postKey: string;
  category: Category;
  /** How many times the term occurs in the post. */
  tf: number;
  /** The post's length in terms (stop words left out). */
  length: number;
};

/** An index entry as a query reads it. */
export type Posting = { postKey: string; tf: number; length: number };

/** The key of an index entry. */
export type IndexKey = { term: string; postKey: string };

/** What a batch of post changes does to the index: entries written (again) and entries deleted. */
export type IndexWork = { put: IndexEntry[]; remove: IndexKey[] };

/** Writes of the search index (the stream function and the rebuild). Writing the same work twice changes nothing. */
export interface SearchIndexWriter {
  apply(work: IndexWork): Promise<void>;
}

/** Reads of the search index: one Query per term. */
export interface SearchIndexReader {
  /** The newest `limit` entries of a term (of one category when given), newest post first. */
  postings(term: string, options: { category?: Category; limit: number }): Promise<Posting[]>;
  /** The posts of a page, by id (one BatchGetItem), any status: the caller keeps the published ones. */
  posts(ids: readonly string[]): Promise<Map<string, StoredPost>>;
}

/** What the rebuild reads: the published posts and every index entry (a Scan: an operator's tool, never a request). */
export interface SearchRebuildStore extends SearchIndexWriter {
  /** The published posts (the feed index), a page at a time. */
  publishedPosts(): AsyncIterable<StoredPost[]>;
  /** Every index entry's key, a page at a time. */
  allEntries(): AsyncIterable<IndexKey[]>;
}
