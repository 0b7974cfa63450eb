import { NAME_MAX_LENGTH, NAME_MIN_LENGTH } from './accountRules';
import { lookAlikeKey } from './lookAlikes';

/**
 * The apodo's rules (its own module, so pages that only show names do not load the Unicode data that
 * checks them). The apodo: the public name of an account, chosen on the site and stored by the API (never a
 * Cognito attribute). docs/api.md: NFC-normalised, trimmed, 3–30 characters of letters, digits,
 * spaces and `. _ -`; unique ignoring case, accents and look-alike letters (the UTS #39 confusable
 * skeleton: «Alıce» and «A1ice» are «Alice»); never an email. Letters are Latin-script
 * letters of the alphabets' blocks (Basic Latin to Latin Extended-B, and Latin Extended Additional)
 * that compatibility normalisation leaves alone — so no full-width «Ａｌｉｃｅ», no phonetic or small
 * capital forms such as «ɑ» or «ᴀ», no letters of another script such as Cyrillic «а» (one script
 * only: a name mixing scripts is refused) — and a name holds at least one of them.
 * `@`, control, format, bidi and zero-width characters are not in the set, so neither an email
 * address nor a right-to-left override can be a name. Names that pose as the site or as its
 * moderators are reserved.
 */

const NAME_CHARACTERS = /^[\p{Script=Latin}0-9 ._-]+$/u;
/** The Latin blocks of alphabets (IPA, phonetic extensions and small capitals are outside them). */
const LATIN_ALPHABET_BLOCKS = /^[\u0020-\u024F\u1E00-\u1EFF]+$/u;
const NAME_LETTER = /\p{Script=Latin}/u;

/**
 * The form a name is unique in: the shared comparison key of ./lookAlikes.ts (no case, no accents, the
 * confusable skeleton of UTS #39 from Unicode's data, folded again until nothing changes), with runs of
 * spaces as one. Folding comes first so the key is blind to case (the skeleton is not: it maps «I» to
 * «l» but leaves «i»); «Álice», «ALICE», «Alıce» and «A1ice» share one key («alice»). The key is never shown.
 */
export function nameKey(name: string): string {
  return lookAlikeKey(name).replace(/\s+/g, ' ').trim();
}

/** A word's key without spaces or punctuation (how reserved words are looked for). */
const compactKey = (text: string) => nameKey(text).replace(/[ ._'-]/g, '');

/** Reserved words; a name containing one (compared by their compact keys) is refused. */
const RESERVED_NAME_WORDS = [
  'anonimo',
  'anonima',
  'moderador',
  'moderadora',
  'moderacion',
  'administrador',
  'administradora',
  'vayadia',
  'oficial',
  'soporte',
];
/** Reserved as whole names. */
const RESERVED_NAMES = ['admin', 'root', 'staff', 'sistema', 'system'];

let reservedKeys: { words: string[]; names: string[] } | undefined;

/**
 * The reserved words' and names' compact keys, worked out on first use: at load they would cost every
 * page that shows a name (not only the forms that check one) the first Unicode normalisation of the tab.
 */
function reserved(): { words: string[]; names: string[] } {
  return (reservedKeys ??= { words: RESERVED_NAME_WORDS.map(compactKey), names: RESERVED_NAMES.map(compactKey) });
}

export type NameCheck = { ok: true; name: string; key: string } | { ok: false };

/** The apodo as it will be published (NFC, trimmed, single spaces) and its unique key, or not a valid one. */
export function checkName(input: unknown): NameCheck {
  if (typeof input !== 'string') return { ok: false };
  // Only plain spaces are trimmed: any other invisible character makes the name invalid, never silently dropped.
  const name = input.normalize('NFC').replace(/ {2,}/g, ' ').replace(/^ | $/g, '');
  const length = [...name].length;
  if (length < NAME_MIN_LENGTH || length > NAME_MAX_LENGTH) return { ok: false };
  if (!NAME_CHARACTERS.test(name) || !LATIN_ALPHABET_BLOCKS.test(name) || !NAME_LETTER.test(name)) return { ok: false };
  // Compatibility forms (full-width letters, ligatures, ª º) would be look-alikes of plain letters.
  if (name.normalize('NFKC') !== name) return { ok: false };
  const key = nameKey(name);
  const compact = key.replace(/[ ._'-]/g, '');
  const { words, names } = reserved();
  if (names.includes(compact) || words.some((word) => compact.includes(word))) return { ok: false };
  return { ok: true, name, key };
}

/** The prefix of accountless authors' ids: a Cognito `sub` (a UUID) never has one. */
const ACCOUNTLESS_PREFIX = 'name#';

/**
 * The author id of posts signed by a name with no account behind it (the samples, an imported
 * archive): the name's unique key, so all the posts of one name, however spelled, are one author.
 */
export function accountlessAuthorId(name: string): string {
  return `${ACCOUNTLESS_PREFIX}${nameKey(name)}`;
}

/** Whether an author id is a name's rather than an account's. */
export function isAccountlessAuthor(authorId: string): boolean {
  return authorId.startsWith(ACCOUNTLESS_PREFIX);
}
