/**
 * What every feature of the contract shares: paging, the body limit and how a text's length and
 * content are measured. Like every module of functions/contract/, it depends only on `zod/mini` and
 * its siblings (and search.ts on a Spanish stemmer, pure JavaScript, so the web highlights the same
 * terms the server finds), so the web bundle stays small; nothing here may touch Node or AWS APIs.
 * This one needs no zod: the web's first script imports it (web/vite.config.ts keeps zod out of that
 * script), so the page schema is in ./pageSchema.ts.
 */

/** Feed paging: the default and the largest page a client may ask for. */
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

/** A body larger than this is refused before it is parsed. */
export const MAX_BODY_BYTES = 16 * 1024;

/** One page of a list: its items and the cursor of the next page (null on the last one). */
export type Page<T> = { items: T[]; nextCursor: string | null };

/**
 * Length of a text the way `<textarea maxlength>` measures it: UTF-16 code units of the value with
 * line breaks normalised to a single LF (so an emoji counts 2, "á" counts 1, CRLF counts 1).
 */
export function postLength(text: string): number {
  return text.replace(/\r\n?/g, '\n').length;
}

/**
 * Characters that show nothing on their own: white space and separators, control and format
 * characters (zero-width space and joiners, bidi controls, NUL…), every default-ignorable code point
 * (variation selectors, Hangul fillers, soft hyphen…), combining marks with no base, and the blank
 * Braille pattern.
 */
const INVISIBLE = /[\s\p{Z}\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\p{M}\u2800]/gu;

/** Text with at least one visible character (a post or comment of only invisible ones is empty). */
export function hasContent(text: string): boolean {
  return text.replace(INVISIBLE, '').length > 0;
}

/** The header, as HTTP APIs hand headers to functions (lower case). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** 1–64 of A–Z a–z 0–9 _ - (a UUID fits). */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
export const IDEMPOTENCY_WINDOW_HOURS = 24;
