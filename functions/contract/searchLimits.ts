/**
 * The search's limits, apart from its text → terms code (./search.ts, which loads the Spanish stemmer):
 * the error messages (./errors.ts) and the header's search form import only these, so the API client and
 * the browser's first script carry no stemmer.
 */

/** `GET /search?q=`: at most this many characters (longer is 400 INVALID_QUERY). */
export const MAX_QUERY_LENGTH = 100;
/**
 * A query's distinct terms are looked up one Query each; past this many, only the longest are (a
 * longer stem is rarer, so it narrows the results most; the rest still decide the highlighting).
 */
export const MAX_QUERY_TERMS = 8;
