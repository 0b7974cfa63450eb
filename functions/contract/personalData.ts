/**
 * Personal data a post or comment must not publish (docs/api.md, docs/security.md): an e-mail address
 * (also spaced out, «ana @ gmail . com», or spelled, «ana arroba gmail punto com»), a Spanish phone
 * number (9 digits starting 6, 7, 8 or 9, with or without +34/0034, in any printed grouping: spaces,
 * dots, dashes, slashes, brackets), a DNI/NIE whose control letter is right, or a Spanish IBAN. The
 * text is read as a person sees it (./textForms.ts: full-width characters as plain ones, zero-width
 * and soft hyphens gone), so what looks like an address on screen is one here. Ordinary numbers stay
 * ordinary: amounts and counts with thousands separators («700.000.000 de personas», «900 000 000
 * pesos»), lists of single digits (marks, scores), dates, times and years. The server refuses personal
 * data with PERSONAL_DATA; the web forms check the same before sending. test/fixtures/personalData
 * holds the labelled sentences that measure it (test/unit/personalDataCorpus.test.ts, the bench).
 */
import { foldedText, visibleText } from './textForms';

export type PersonalData = 'email' | 'phone' | 'id' | 'iban';

// ——— E-mail ———

/**
 * The plain form: local@domain.tld, the top-level domain any run of 2+ letters. Each address form starts
 * only where a local part can start (not inside one), so a long run of «a.a.a.…» costs one pass, not one a dot.
 */
const EMAIL = /(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/u;
/** The top-level domains an address written in a loose form is recognised by (a lone «. Es» is a sentence). */
const TLDS = 'com|es|net|org|eu|info|cat|gal|eus|me|io|co|edu|gob|biz|dev|app|mx|ar|cl|pe|uy|ve|ec|bo|py|fr|de|it|pt|uk|us';
/** «@», «(arroba)», «[at]», « arroba », « at ». */
const AT = String.raw`(?:\s*@\s*|\s*[([{<]\s*(?:arroba|at)\s*[)\]}>]\s*|\s+(?:arroba|at)\s+)`;
/** «.», «(punto)», «[dot]», « punto », « dot ». */
const DOT = String.raw`(?:\s*\.\s*|\s*[([{<]\s*(?:punto|dot)\s*[)\]}>]\s*|\s+(?:punto|dot)\s+)`;
const LABEL = String.raw`[\p{L}\p{N}][\p{L}\p{N}-]*`;
/** An address with spaces or words for its signs; the top-level domain in lower case, from {@link TLDS}. */
const LOOSE_EMAIL = new RegExp(
  String.raw`(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]+${AT}${LABEL}(?:${DOT}${LABEL})*?${DOT}(?<tld>${TLDS})(?![\p{L}\p{N}])`,
  'giu',
);
/**
 * «arroba gmail», «@hotmail»: a mail provider whose name is no ordinary word («Movistar», «live» are)
 * needs no top-level domain after an at-sign.
 */
const PROVIDER = new RegExp(
  String.raw`(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]+${AT}(?:gmail|googlemail|hotmail|yahoo|outlook|icloud|protonmail|yandex|gmx)(?![\p{L}\p{N}])`,
  'iu',
);

function hasEmail(text: string): boolean {
  if (EMAIL.test(text) || PROVIDER.test(text)) return true;
  // Case-blind words, but a top-level domain in capitals is the start of a sentence («… Es que …»).
  for (const match of text.matchAll(LOOSE_EMAIL)) if (match.groups!.tld === match.groups!.tld!.toLowerCase()) return true;
  return false;
}

// ——— Phone ———

/**
 * A run of digit groups as printed: groups of digits (a «+» may lead one) parted by up to three spaces
 * or one of «. - / – —» with spaces around it. Brackets are read as spaces first, so «(612) 345 678»
 * and «(+34) 612…» are runs too; commas and colons end a run (decimals, times, lists).
 */
const RUN = /\+?\d+(?:(?:[ \t]{1,3}|[ \t]?[./\-–—][ \t]?)\+?\d+)*/gu;
const GROUP = /\+?\d+/gu;
/**
 * Words saying a number is a phone number (accents folded): with one near it, even a number printed
 * in single digits is one.
 */
const PHONE_CUE = /(?<!\p{L})(?:llam|telef|tel(?!\p{L})|tlf|tfno|movil|whats|wasap|guasap|numero|contact|escrib|sms|bizum|fijo|agreg)/iu;
/** Words after a number saying it counts or prices something. */
const UNIT_AFTER =
  /^\s*(?:de\s+)?(?:€|\$|£|%|eur|euros?|pesos?|d[oó]lares?|libras?|pts|pesetas?|personas?|habitantes?|espectadores?|visitas?|visualizaciones|reproducciones|escuchas|descargas|clics|comentarios|mensajes|firmas|participantes|alumnos|votos?|seguidores?|usuarios?|veces|km|kil[oó]metros?|metros?|m2|litros?|kilos?|kg|gramos?|toneladas?|a[nñ]os?|d[ií]as?|horas?|minutos?|segundos?|puntos?|unidades|copias|ejemplares|likes|bytes|megas?|gb|mb)(?![\p{L}\p{N}])/iu;
/** Currency or a counting word just before a number. */
const UNIT_BEFORE =
  /(?:€|\$|£|\b(?:eur|usd|unos|unas|casi|m[aá]s\s+de|menos\s+de|cerca\s+de|hasta|total(?:\s+de)?|suma(?:\s+de)?|importe(?:\s+de)?))\s*$/iu;

/** A number with a letter standing for a digit («6l2», «6OO»): read as a person reads it. */
const DIGITS_WITH_LOOK_ALIKES = /(?<![\p{L}\p{N}])(?=[0-9lIoO]*\d[0-9lIoO]*\d)(?=[0-9]*[lIoO])[0-9lIoO]+(?![\p{L}\p{N}])/gu;

type Group = { digits: string; start: number; end: number; plus: boolean };

const isPrefix = (group: Group) => (group.plus && group.digits === '34') || group.digits === '0034';
/** Whether the characters between two groups hold a space (a gap between numbers), not only a sign (one number). */
const isSoftGap = (text: string, before: Group, after: Group) => /\s/u.test(text.slice(before.end, after.start));

/**
 * Whether the text holds a Spanish phone number. Each run of digit groups is read in windows of whole
 * groups holding nine digits that start 6–9; a window is a phone when it stands apart from the digits
 * around it (a space, not a dot or a dash, between them, so «1.612.345.678» is one big number) and
 * does not read as an amount (five zeros at the end, a unit or currency beside it). Groups of one digit
 * («7 8 9 6 7 8 9 6 7», a list of marks) make a phone only beside a word such as «llámame» or «móvil».
 * A letter standing for a digit inside a number («6l2 345 678») is read as that digit.
 */
function hasPhone(original: string): boolean {
  const text = original
    .replace(/[()[\]]/g, ' ')
    .replace(DIGITS_WITH_LOOK_ALIKES, (token) => token.replace(/[lI]/g, '1').replace(/[oO]/g, '0'));
  for (const run of text.matchAll(RUN)) {
    const runStart = run.index;
    const runEnd = runStart + run[0].length;
    const groups: Group[] = [...run[0].matchAll(GROUP)].map((group) => ({
      digits: group[0].replace('+', ''),
      plus: group[0].startsWith('+'),
      start: runStart + group.index,
      end: runStart + group.index + group[0].length,
    }));
    // A run glued to a word or a code («a61234567890», «…-8b9c», «3,5») is not a number by itself.
    const leftGlued = /[\p{L}\p{N}_@-]/u.test(text[runStart - 1] ?? '');
    const rightGlued = /^(?:[\p{L}\p{N}_@]|[.,\-/]\p{N}|-\p{L})/u.test(text.slice(runEnd, runEnd + 2));
    for (let first = 0; first < groups.length; first++) {
      // «+34612345678», «0034612345678»: the prefix inside one group.
      const single = groups[first]!;
      const prefixed = /^(?:34|0034)([6-9]\d{8})$/.exec(single.digits);
      if (prefixed && (single.plus || single.digits.startsWith('00'))) {
        if (standsApart(text, groups, first, first, leftGlued, rightGlued) && !readsAsAmount(text, single.start, single.end, single.digits))
          return true;
      }
      let digits = '';
      for (let last = first; last < groups.length && digits.length < 9; last++) {
        digits += groups[last]!.digits;
        if (digits.length !== 9 || !/^[6-9]/.test(digits)) continue;
        if (!standsApart(text, groups, first, last, leftGlued, rightGlued)) continue;
        const window = groups.slice(first, last + 1);
        const start = window[0]!.start;
        const end = window[window.length - 1]!.end;
        if (readsAsAmount(text, start, end, digits)) continue;
        const loose = window.some((group) => group.digits.length < 2);
        if (!loose || PHONE_CUE.test(foldedText(text.slice(Math.max(0, start - 60), end + 60)))) return true;
      }
    }
  }
  return false;
}

/** Whether the groups first..last stand apart from the digits around them (a prefix before them belongs). */
function standsApart(text: string, groups: Group[], first: number, last: number, leftGlued: boolean, rightGlued: boolean): boolean {
  let left = first;
  if (left > 0 && isPrefix(groups[left - 1]!)) left--;
  const leftFree = left === 0 ? !leftGlued : isSoftGap(text, groups[left - 1]!, groups[left]!);
  const rightFree = last === groups.length - 1 ? !rightGlued : isSoftGap(text, groups[last]!, groups[last + 1]!);
  return leftFree && rightFree;
}

/** A round number (five zeros at the end) or one with a unit or a currency beside it. */
function readsAsAmount(text: string, start: number, end: number, digits: string): boolean {
  return /0{5}$/.test(digits) || UNIT_AFTER.test(text.slice(end, end + 24)) || UNIT_BEFORE.test(text.slice(Math.max(0, start - 24), start));
}

// ——— DNI, NIE ———

/** 8 digits (7 in an old DNI printed with dots), as printed: «12345678Z», «12.345.678-Z», «12 345 678 Z». */
const DNI = /(?<![\p{L}\p{N}.,])(\d{8}|\d{1,2}[. ]\d{3}[. ]\d{3})(?:[ .-]|\s-\s)?([A-Za-z])(?![\p{L}\p{N}])/gu;
/** «X1234567L», «X-1234567-L», «Y 1234567 Z». */
const NIE = /(?<![\p{L}\p{N}])([XYZxyz])[ .-]?(\d{7}|\d[. ]?\d{3}[. ]?\d{3})[ .-]?([A-Za-z])(?![\p{L}\p{N}])/gu;
const CONTROL_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
/** Spanish one-letter words: «de 10.000.000 a 20.000.000» is a range, not a DNI. */
const ONE_LETTER_WORDS = new Set(['a', 'e', 'o', 'u', 'y']);

const controlLetterFits = (number: number, letter: string) => CONTROL_LETTERS[number % 23] === letter.toUpperCase();

/**
 * A DNI or NIE counts only when its control letter is right. The letter is what tells an identity
 * number from a code or a count followed by a word; a wrong letter (a typo, an invented number) then
 * passes, which the labelled sentences show costs less than refusing codes and ranges.
 */
function hasIdentityNumber(text: string): boolean {
  for (const match of text.matchAll(DNI)) {
    const [whole, number, letter] = match as unknown as [string, string, string];
    const spaced = /\s[A-Za-z]$/.test(whole);
    if (spaced && ONE_LETTER_WORDS.has(letter)) continue;
    if (controlLetterFits(Number(number.replace(/\D/g, '')), letter)) return true;
  }
  for (const match of text.matchAll(NIE)) {
    const [, prefix, number, letter] = match as unknown as [string, string, string, string];
    if (controlLetterFits(Number(`${'XYZ'.indexOf(prefix.toUpperCase())}${number.replace(/\D/g, '')}`), letter)) return true;
  }
  return false;
}

// ——— IBAN ———

/** A Spanish IBAN: ES, two check digits and twenty digits, grouped by four or not. */
const IBAN = /(?<![\p{L}\p{N}])ES\s?\d{2}(?:[ -]?\d{4}){5}(?!\p{N})/iu;

/** The first kind of personal data the text holds, if any. */
export function findPersonalData(text: string): PersonalData | undefined {
  const seen = visibleText(text);
  if (hasEmail(seen)) return 'email';
  if (IBAN.test(seen)) return 'iban';
  if (hasIdentityNumber(seen)) return 'id';
  if (hasPhone(seen)) return 'phone';
  return undefined;
}
