/**
 * How duplicate anecdotes are found (409 DUPLICATE_POST, docs/api.md): each post's text is reduced to
 * a fingerprint, and one row per fingerprint names the post that holds it (SubmissionStore), claimed in
 * the same transaction as the post. No scan and no search: a submission costs one read of that row
 * (and of the post it names, when there is one) and one more item in the post's own write.
 */
import { createHash } from 'node:crypto';
import type { PostStatus } from '../contract/posts';

/**
 * The text as the duplicate check compares it: compatibility-decomposed (ﬁ → fi, full-width → ASCII),
 * accents and other marks dropped, lower case, everything but letters and digits dropped (punctuation,
 * spaces, emoji), and a letter repeated in a row counted once (digits are kept as they are: «1» is not «11») — «¡¡Nooo, qué DÍA!!» and «no
 * que dia» are the same text. That last rule is the «or nearly so»: stretched words and doubled letters
 * («llave»/«lave», «acción»/«accion») do not make a copy new; different words always do, however
 * close. A text with no letter or digit at all (only emoji) keeps its characters, so those are not all
 * one another's duplicates.
 */
export function normalizedText(text: string): string {
  const folded = text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '')
    .replace(/(\p{L})\1+/gu, '$1');
  return folded.length > 0 ? folded : text.normalize('NFC').replace(/\s+/gu, '');
}

/** The fingerprint of a post's text: SHA-256 of its normalized form, base64url (43 characters). */
export function fingerprintOf(text: string): string {
  return createHash('sha256').update(normalizedText(text)).digest('base64url');
}

/**
 * The statuses whose text a new post may not repeat: waiting, published, or hidden by reports (a
 * moderator may restore it). A rejected or removed post frees its text: it may be sent again.
 */
export const HOLDS_ITS_TEXT: readonly PostStatus[] = ['pending', 'published', 'hidden'];
