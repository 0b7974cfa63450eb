/**
 * The duplicate check's text rule (409 DUPLICATE_POST, docs/api.md): what counts as the same text.
 * The API (functions/domain/fingerprint.ts) and the local cloud's samples fingerprint texts with it.
 */
import { createHash } from 'node:crypto';
import { lookAlikeKey } from './lookAlikes';

/**
 * The text as the duplicate check compares it: the shared comparison key of ./lookAlikes.ts — what a
 * person sees (compatibility forms as plain letters, full-width → ASCII, invisible characters gone), no
 * case, no accents or other marks, and letters of other scripts that copy Latin shapes as the Latin
 * letter (UTS #39 skeleton: a Cyrillic «а», «о», «е» or a Greek «ο» is the «a», «o», «e» it poses as)
 * — then everything but letters and digits dropped (punctuation, spaces, emoji), and a letter repeated
 * in a row counted once (digits are kept as they are: «1» is not «11») — «¡¡Nooo, qué DÍA!!» and «no
 * que dia» are the same text. That last rule is the «or nearly so»: stretched words and doubled letters
 * («llave»/«lave», «acción»/«accion») do not make a copy new; different words always do, however
 * close. ASCII letters and digits are never mapped (`keepAscii`: «10» is not «lo»), so a text typed on
 * a Spanish keyboard keeps the fingerprint it had before look-alikes were folded: only rows of texts
 * holding other scripts' letters change, and `npm run rebuild -- fingerprints` writes those.
 * A text with no letter or digit at all (only emoji) keeps its characters, so those are not all
 * one another's duplicates.
 */
export function normalizedText(text: string): string {
  const folded = lookAlikeKey(text, { keepAscii: true })
    .replace(/[^\p{L}\p{N}]/gu, '')
    .replace(/(\p{L})\1+/gu, '$1');
  return folded.length > 0 ? folded : text.normalize('NFC').replace(/\s+/gu, '');
}

/** The fingerprint of a post's text: SHA-256 of its normalized form, base64url (43 characters). */
export function fingerprintOf(text: string): string {
  return createHash('sha256').update(normalizedText(text)).digest('base64url');
}
