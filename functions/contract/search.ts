/**
 * Text → search terms (docs/api.md, docs/decisions/0005-search-on-dynamodb.md), the same
 * for a post that is indexed and for a query, so both sides meet on the same terms: read as a person
 * sees it (compatibility forms such as full-width letters as plain ones, invisible characters dropped),
 * lowercase, accents and other marks folded («camión» → camion, «año» → ano, «pingüino» → pinguino), split into words of
 * letters and digits, Spanish stop words dropped, each word reduced to its Snowball Spanish stem
 * («trabajo», «trabajos», «trabajando» → trabaj). The stemmer is @orama/stemmers' Spanish one: pure
 * JavaScript, no dependency, maintained with Orama.
 */
import { stemmer } from '@orama/stemmers/spanish';

import { foldedText } from './textForms';

export { MAX_QUERY_LENGTH, MAX_QUERY_TERMS } from './searchLimits';

/** The path of the search page on the site for a query. */
export function searchPath(query: string, category?: string): string {
  const params = new URLSearchParams({ q: query });
  if (category) params.set('category', category);
  return `/buscar?${params.toString()}`;
}

/** A word shorter than this is not a term (single letters: «y», «a», «o»). */
export const MIN_WORD_LENGTH = 2;
/** Longer words are cut here (a post is at most 300 characters; keys stay small). */
export const MAX_TERM_LENGTH = 40;

/**
 * Spanish stop words, folded (no accents): articles, pronouns, prepositions, conjunctions and the
 * commonest forms of ser, estar, haber and tener. They are in nearly every anecdote, so they would
 * match everything and make the longest index partitions.
 */
const STOP_WORDS = new Set(
  `de la que el en los del se las por un para con no una su al lo como mas pero sus le ya o este si porque esta entre
  cuando muy sin sobre tambien me hasta hay donde quien desde todo nos durante todos uno les ni contra otros ese eso
  ante ellos e esto mi antes algunos que unos yo otro otras otra el tanto esa estos mucho quienes nada muchos cual poco
  ella estar estas algunas algo nosotros mi mis tu te ti tu tus ellas nosotras vosotros vosotras os mio mia mios mias
  tuyo tuya tuyos tuyas suyo suya suyos suyas nuestro nuestra nuestros nuestras vuestro vuestra vuestros vuestras esos
  esas estoy estas esta estamos estais estan este estes estemos esten estaba estabas estabamos estaban estuve estuvo
  estuvimos estuvieron he has ha hemos habeis han haya hayas hayamos hayan habia habias habiamos habian hube hubo
  soy eres es somos sois son sea seas seamos sean era eras eramos eran fui fue fuimos fueron sido siendo tengo tienes
  tiene tenemos teneis tienen tenia tenias teniamos tenian tuve tuvo tuvimos tuvieron y a hoy pues asi aqui alli ahi`
    .split(/\s+/)
    .filter((word) => word.length > 0),
);

/**
 * The text as search reads it: what a person sees, without case or accents (foldedText of
 * ./textForms.ts, shared with the other text checks), so «ｔｒａｂａｊｏ» in full-width letters, or a word
 * with a soft hyphen or a zero-width space inside, is the word «trabajo» — in a post and in a query.
 */
export function fold(text: string): string {
  return foldedText(text);
}

/**
 * The words of a text as the index sees them: folded runs of letters and digits of at least
 * {@link MIN_WORD_LENGTH} characters, in order, with repeats (stop words still in).
 */
export function words(text: string): string[] {
  return (fold(text).match(/[\p{L}\p{N}]+/gu) ?? []).filter((word) => word.length >= MIN_WORD_LENGTH);
}

/** Whether a word counts as a query word: two letters or more («de», «tv»; not «7» nor «42»). */
export function hasTwoLetters(word: string): boolean {
  return (word.match(/\p{L}/gu)?.length ?? 0) >= 2;
}

/** The term of one folded word: its Spanish stem, cut to {@link MAX_TERM_LENGTH}; undefined for a stop word. */
export function termOf(word: string): string | undefined {
  if (STOP_WORDS.has(word)) return undefined;
  // The stemmer may leave a word shorter than two letters («ir»): keep the word then.
  const stem = stemmer(word);
  return (stem.length >= MIN_WORD_LENGTH ? stem : word).slice(0, MAX_TERM_LENGTH);
}

/** Each term of a text and how many times it occurs, with the text's length in terms (stop words left out). */
export function termCounts(text: string): { counts: Map<string, number>; length: number } {
  const counts = new Map<string, number>();
  let length = 0;
  for (const word of words(text)) {
    const term = termOf(word);
    if (term === undefined) continue;
    counts.set(term, (counts.get(term) ?? 0) + 1);
    length += 1;
  }
  return { counts, length };
}

/** A query's distinct terms, in the order of their words. */
export function queryTerms(text: string): string[] {
  return [...termCounts(text).counts.keys()];
}

/**
 * Where a folded word of a shown text matches one of a query's terms: the web highlights those words
 * (matching by the same normalisation, so «Trabajando» is marked for the query «trabajo»).
 */
export function matchesTerm(word: string, terms: ReadonlySet<string>): boolean {
  const folded = fold(word);
  if (folded.length < MIN_WORD_LENGTH) return false;
  const term = termOf(folded);
  return term !== undefined && terms.has(term);
}
