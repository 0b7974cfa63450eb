/**
 * Writes functions/contract/confusables.ts from Unicode's confusables.txt (UTS #39, "Unicode Security
 * Mechanisms": https://www.unicode.org/Public/security/latest/confusables.txt, under Unicode's terms
 * of use, https://www.unicode.org/terms_of_use.html):
 *
 *   npm run confusables -- path/to/confusables.txt
 *
 * Only the mappings whose source is a letter a person could pass off as a Latin one are kept: the
 * characters an apodo may hold (Latin letters of the blocks the contract allows, digits, space and
 * punctuation: U+0020–U+024F and U+1E00–U+1EFF, see functions/contract/apodos.ts) and the letters of
 * the alphabets that copy Latin shapes (Greek U+0370–U+03FF, Cyrillic U+0400–U+052F, Armenian
 * U+0530–U+058F, Cherokee U+13A0–U+13FF), which a copied anecdote may be respelled with
 * (functions/contract/lookAlikes.ts). Other scripts' look-alikes are rare in Spanish text, and the table
 * stays a few kilobytes in the functions and the web app.
 * Run it again when Unicode publishes a new version; the file says which version it was made from.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';

const OUTPUT = fileURLToPath(new URL('../../functions/contract/confusables.ts', import.meta.url));

/** The blocks whose characters' mappings are kept (an apodo's repertoire and the Latin look-alike alphabets). */
const KEPT_BLOCKS: ReadonlyArray<readonly [number, number]> = [
  [0x20, 0x24f], // Basic Latin to Latin Extended-B
  [0x1e00, 0x1eff], // Latin Extended Additional
  [0x370, 0x3ff], // Greek and Coptic
  [0x400, 0x52f], // Cyrillic and Cyrillic Supplement
  [0x530, 0x58f], // Armenian
  [0x13a0, 0x13ff], // Cherokee
];
const inKeptBlocks = (codePoint: number) => KEPT_BLOCKS.some(([first, last]) => codePoint >= first && codePoint <= last);

const fromHex = (sequence: string) =>
  sequence
    .trim()
    .split(/\s+/)
    .map((hex) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .join('');

export function confusableTable(source: string): { version: string; date: string; table: Array<[string, string]> } {
  const version = /^#\s*Version:\s*(\S+)/m.exec(source)?.[1];
  const date = /^#\s*Date:\s*(\d{4}-\d{2}-\d{2})/m.exec(source)?.[1];
  if (!version || !date) throw new Error('Not Unicode confusables.txt: no "# Version:" or "# Date:" line');
  const table: Array<[string, string]> = [];
  for (const raw of source.replace(/^\uFEFF/, '').split('\n')) {
    const line = raw.split('#')[0]!.trim();
    if (!line) continue;
    const [from, to] = line.split(';');
    if (from === undefined || to === undefined) throw new Error(`Unexpected line: ${raw}`);
    const character = fromHex(from);
    if ([...character].length !== 1 || !inKeptBlocks(character.codePointAt(0)!)) continue;
    table.push([character, fromHex(to)]);
  }
  return { version, date, table };
}

async function main(path: string | undefined) {
  if (!path) throw new Error('Usage: npm run confusables -- path/to/confusables.txt');
  const { version, date, table } = confusableTable(await readFile(path, 'utf8'));
  const escape = (text: string) =>
    [...text]
      .map((char) => (/[\x21-\x7e]/.test(char) && char !== "'" && char !== '\\' ? char : `\\u{${char.codePointAt(0)!.toString(16)}}`))
      .join('');
  const source = `/**
 * UTS #39 confusable mappings for the characters an apodo may hold and the Latin look-alike alphabets
 * (Greek, Cyrillic, Armenian, Cherokee), from Unicode's confusables.txt
 * version ${version} (${date}), © Unicode, Inc., https://www.unicode.org/terms_of_use.html.
 * Written by infra/tools/confusables.ts (\`npm run confusables -- confusables.txt\`): do not edit.
 */
export const CONFUSABLES_VERSION = '${version}';

/** Character → its prototype (the skeleton's replacement), as the file lists them. */
export const CONFUSABLE_PROTOTYPES: ReadonlyMap<string, string> = new Map([
${table.map(([from, to]) => `  ['${escape(from)}', '${escape(to)}'],`).join('\n')}
]);
`;
  const options = await prettier.resolveConfig(OUTPUT);
  await writeFile(OUTPUT, await prettier.format(source, { ...options, filepath: OUTPUT }));
  console.log(`${OUTPUT}: ${table.length} mappings from confusables.txt ${version}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main(process.argv[2]);
