/**
 * Look-alike letters for comparisons, on top of the text as a person sees it (./textForms.ts): the
 * duplicate check's fingerprint (./fingerprint.ts) and apodos' keys (./apodos.ts) compare texts by this
 * key. Its own module so that Unicode's confusable data (./confusables.ts) loads only where a key is
 * made, not in every page that checks a post for personal data or highlights a search.
 */
import { CONFUSABLE_PROTOTYPES } from './confusables';
import { foldedText } from './textForms';

/**
 * UTS #39's skeleton: each character of the decomposed text replaced by its confusable prototype
 * (Unicode's data, ./confusables.ts: Latin, Greek, Cyrillic, Armenian and Cherokee letters). With
 * `keepAscii`, ASCII characters stay as they are and only other letters are mapped (a Cyrillic «о» to
 * «o», but a digit «1» is not made an «l»): what a text check wants, where «10» and «lo» are different
 * words, and what keeps the skeleton of a text typed on a Spanish keyboard equal to the text.
 */
export function skeleton(text: string, options: { keepAscii?: boolean } = {}): string {
  const keepAscii = options.keepAscii ?? false;
  let result = '';
  for (const character of text.normalize('NFD')) {
    result += keepAscii && character <= '\u007f' ? character : (CONFUSABLE_PROTOTYPES.get(character) ?? character);
  }
  return result.normalize('NFD');
}

/**
 * A text as a comparison sees it: folded ({@link foldedText}), then its skeleton folded again until
 * nothing changes (a prototype may carry an accent or a capital: «Ӑ» → «Ă» → «a»). «Сорiа» in Cyrillic
 * letters and «copia» share one key. `keepAscii` as in {@link skeleton}.
 */
export function lookAlikeKey(text: string, options: { keepAscii?: boolean } = {}): string {
  let key = foldedText(text);
  for (let round = 0; round < 4; round++) {
    const next = foldedText(skeleton(key, options));
    if (next === key) break;
    key = next;
  }
  return key;
}
