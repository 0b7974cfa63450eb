/** The contract of accounts: the apodo (public name), the caller's own account, the password policy. */
import * as z from 'zod/mini';
import { CONFUSABLE_PROTOTYPES } from './confusables';

/**
 * The apodo: the public name of an account, chosen on the site and stored by the API (never a
 * Cognito attribute). DESIGN §3: NFC-normalised, trimmed, 3–30 characters of letters, digits,
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
export const NAME_MIN_LENGTH = 3;
export const NAME_MAX_LENGTH = 30;

/** What a post shows for an author without an apodo (a Google account's first visit, a deleted account). */
export const ANONYMOUS_NAME = 'Anónimo';

const NAME_CHARACTERS = /^[\p{Script=Latin}0-9 ._-]+$/u;
/** The Latin blocks of alphabets (IPA, phonetic extensions and small capitals are outside them). */
const LATIN_ALPHABET_BLOCKS = /^[\u0020-\u024F\u1E00-\u1EFF]+$/u;
const NAME_LETTER = /\p{Script=Latin}/u;

/** Compatibility-decomposed, accents (combining marks) dropped, lower case, runs of spaces as one. */
function fold(name: string): string {
  return name.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().normalize('NFC').replace(/\s+/g, ' ').trim();
}

/** UTS #39's skeleton: each character of the decomposed text replaced by its confusable prototype. */
function skeleton(text: string): string {
  return [...text.normalize('NFD')]
    .map((character) => CONFUSABLE_PROTOTYPES.get(character) ?? character)
    .join('')
    .normalize('NFD');
}

/**
 * The form a name is unique in: folded (no case, no accents, single spaces), then its confusable
 * skeleton (UTS #39, Unicode's data in ./confusables.ts) folded again, until nothing changes. Folding
 * comes first so the key is blind to case (the skeleton is not: it maps «I» to «l» but leaves «i»);
 * «Álice», «ALICE», «Alıce» and «A1ice» share one key («alice»). The key is never shown.
 */
export function nameKey(name: string): string {
  let key = fold(name);
  for (let round = 0; round < 4; round++) {
    const next = fold(skeleton(key));
    if (next === key) break;
    key = next;
  }
  return key;
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

/** `PUT /me/name`. */
export const setNameSchema = z.object({ name: z.string() });

/**
 * `GET /me`: the caller's apodo (null until they choose one), their email (only ever sent to them), role, and
 * when a suspension in force ends (ISO time; {@link PERMANENT_SUSPENSION} for good; null when none) and
 * the moderator's reason for it (null when none), and how many of their notifications are unread (at
 * most 10: the bell shows «9+» past nine).
 */
export const meSchema = z.object({
  name: z.nullable(z.string()),
  email: z.string(),
  moderator: z.boolean(),
  suspendedUntil: z.nullable(z.string()),
  /** The reason the moderator gave for the suspension in force (plain text, 1–300 characters); null when not suspended. */
  suspensionReason: z.nullable(z.string()),
  /** Unread notifications, counted up to UNREAD_COUNT_CAP (functions/contract/notifications.ts). */
  unreadNotifications: z.number(),
});

/** The end of a suspension for good, as `GET /me` reports it. */
export const PERMANENT_SUSPENSION = '9999-12-31T00:00:00.000Z';
export type Me = z.infer<typeof meSchema>;

/** What `PUT /me/name` answers: the apodo as it was stored (see {@link checkName}). */
export const nameResultSchema = z.object({ name: z.string() });
export type NameResult = z.infer<typeof nameResultSchema>;

/**
 * The user pool's password policy (cdk-nag AwsSolutions-COG1 asks for length, upper case, digits and
 * symbols). The stack applies it; the register form checks it first, so people get the same Spanish
 * explanation locally (cognito-local does not enforce policies) and on AWS.
 */
export const PASSWORD_POLICY = {
  minLength: 10,
  requireLowercase: true,
  requireUppercase: true,
  requireDigits: true,
  requireSymbols: true,
} as const;

/** The special characters Cognito counts as symbols (its documented list; a space is one too). */
const COGNITO_SYMBOLS = /[\^$*.[\]{}()?"!@#%&/\\,><':;|_~`=+\- ]/;

/**
 * What a password still lacks under PASSWORD_POLICY, in Spanish; empty when it is acceptable.
 * Classes are Cognito's: basic Latin letters and its own symbol list, so «ñ» or «¡» do not count.
 */
export function passwordProblems(password: string): string[] {
  const problems: string[] = [];
  if (password.length < PASSWORD_POLICY.minLength) problems.push(`al menos ${PASSWORD_POLICY.minLength} caracteres`);
  if (PASSWORD_POLICY.requireLowercase && !/[a-z]/.test(password)) problems.push('una minúscula');
  if (PASSWORD_POLICY.requireUppercase && !/[A-Z]/.test(password)) problems.push('una mayúscula');
  if (PASSWORD_POLICY.requireDigits && !/[0-9]/.test(password)) problems.push('un número');
  if (PASSWORD_POLICY.requireSymbols && !COGNITO_SYMBOLS.test(password.trim())) problems.push('un símbolo (por ejemplo - _ ! ? #)');
  return problems;
}
