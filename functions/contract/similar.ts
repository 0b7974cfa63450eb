/**
 * The contract of «¿Se parece a alguna de estas?» (docs/api.md): published posts that share most of
 * a text's significant words, for the writer of a new post and for the voters who judge one. No
 * stemmer here (that is ./search.ts): the web's form imports these limits without it.
 */
import * as z from 'zod/mini';
import { postLength } from './common';
import { MAX_POST_LENGTH, postSchema } from './posts';

/** `GET /posts/similar?text=`: at most this many characters once trimmed (a post's own limit, counted alike). */
export const MAX_SIMILAR_TEXT_LENGTH = MAX_POST_LENGTH;
/** At most this many look-alikes are answered, best first. */
export const MAX_SIMILAR_POSTS = 3;
/**
 * The text's distinct significant terms looked up, one Query each: past this many, the longest (a
 * longer stem is rarer, so it tells stories apart best).
 */
export const MAX_SIMILAR_TERMS = 12;
/** The new-post form asks once the text has this many characters (fewer words say too little to compare). */
export const SIMILAR_MIN_TEXT_LENGTH = 60;
/** And waits this long after the last keystroke. */
export const SIMILAR_DEBOUNCE_MS = 500;

/** `GET /posts/similar`'s answer. */
export const similarPostsSchema = z.object({ items: z.array(postSchema) });
export type SimilarPosts = z.infer<typeof similarPostsSchema>;

/** The text to compare, trimmed, when it is 1 to {@link MAX_SIMILAR_TEXT_LENGTH} characters; undefined otherwise. */
export function similarText(text: unknown): string | undefined {
  if (typeof text !== 'string') return undefined;
  const trimmed = text.trim();
  return trimmed.length > 0 && postLength(trimmed) <= MAX_SIMILAR_TEXT_LENGTH ? trimmed : undefined;
}
