/**
 * How the site reads a text the way a person sees it: one normalisation for every check that compares
 * or looks into what people write — personal data (./personalData.ts), the duplicate check's
 * fingerprint (./fingerprint.ts), apodos' look-alikes (./apodos.ts) and search's words (./search.ts).
 * A check that read the raw code points would be blind to what a screen does not show (a zero-width
 * space inside an address) and to what it shows alike (full-width digits, a Cyrillic «а» for a Latin
 * «a»). These forms are for comparing only: what is stored and shown is always the text as sent.
 * The look-alike step (UTS #39 skeleton) is ./lookAlikes.ts, built on this one: its Unicode data stays
 * out of the web pages that only check or search a text.
 */
/**
 * Characters a screen does not draw (Unicode's Default_Ignorable_Code_Point: zero-width space and
 * joiners U+200B–U+200F, soft hyphen U+00AD, word joiner U+2060, BOM U+FEFF, bidi controls, variation
 * selectors, Hangul fillers, tags). Emoji sequences lose their joiners too, which no check minds.
 */
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/gu;
/** Decimal digits of scripts other than ASCII (Arabic-Indic «٦», Devanagari «६»…; NFKC leaves them). */
const NON_ASCII_DIGIT = /(?![0-9])\p{Nd}/gu;
const DIGIT = /^\p{Nd}$/u;

/**
 * A decimal digit of any script as its ASCII digit. Unicode keeps each script's digits as runs of ten in
 * a row, zero first (sometimes two runs back to back), so the digit's value is its distance from the
 * start of the run of digits it stands in, modulo ten.
 */
function asciiDigit(digit: string): string {
  const codePoint = digit.codePointAt(0)!;
  let first = codePoint;
  while (DIGIT.test(String.fromCodePoint(first - 1))) first--;
  return String((codePoint - first) % 10);
}

/**
 * The text as a person sees it: compatibility forms as their plain letters (NFKC: «ａｎａ＠ｇｍａｉｌ»
 * → «ana@gmail», «６１２» → «612», «ﬁ» → «fi», a no-break or thin space → a space), invisible
 * characters removed, and decimal digits of other scripts as ASCII digits. Case and accents are kept.
 */
export function visibleText(text: string): string {
  return text.normalize('NFKC').replace(INVISIBLE, '').replace(NON_ASCII_DIGIT, asciiDigit).normalize('NFC');
}

/**
 * The visible text blind to case and accents: decomposed, combining marks dropped (accents, the tilde
 * of ñ, diaeresis), lower case. «ÁRBOL», «árbol» and «ａｒｂｏｌ» all fold to «arbol».
 */
export function foldedText(text: string): string {
  return visibleText(text)
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}
