/**
 * Personal data a post or comment must not publish (docs/api.md): an e-mail address,
 * a Spanish phone number (9 digits starting 6, 7, 8 or 9, with or without +34/0034, in groups or not) or
 * a DNI/NIE whose control letter is right (which keeps «12345678 veces» or a reference code out). The
 * server refuses them with PERSONAL_DATA; the web forms check the same before sending.
 */

export type PersonalData = 'email' | 'phone' | 'id';

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/u;
/**
 * A Spanish number: optional prefix, then 6/7/8/9 and eight more digits in any grouping, standing on its
 * own (not inside a word, a longer number or a hyphenated code such as an id «…-6123-4567-8b…»).
 */
const PHONE = /(?<![\p{L}\p{N}+-])(?:(?:\+|00)\s?34[\s.-]*)?[6-9](?:[\s.-]?\d){8}(?![\p{L}\p{N}])/u;
const DNI = /(?<![\p{L}\p{N}])(\d{8})[\s-]?([A-Za-z])(?![\p{L}\p{N}])/gu;
const NIE = /(?<![\p{L}\p{N}])([XYZxyz])[\s-]?(\d{7})[\s-]?([A-Za-z])(?![\p{L}\p{N}])/gu;
const CONTROL_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';

const controlLetterFits = (number: number, letter: string) => CONTROL_LETTERS[number % 23] === letter.toUpperCase();

/** The first kind of personal data the text holds, if any. */
export function findPersonalData(text: string): PersonalData | undefined {
  if (EMAIL.test(text)) return 'email';
  if (PHONE.test(text)) return 'phone';
  for (const [, digits, letter] of text.matchAll(DNI)) if (controlLetterFits(Number(digits), letter!)) return 'id';
  for (const [, prefix, digits, letter] of text.matchAll(NIE))
    if (controlLetterFits(Number(`${'XYZ'.indexOf(prefix!.toUpperCase())}${digits}`), letter!)) return 'id';
  return undefined;
}
