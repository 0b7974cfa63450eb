/**
 * Figure 9: share cards. In a fresh Node process (as a new Lambda execution
 * environment starts), the renderer the image function runs (functions/images/shareCardRenderer.ts)
 * reads its WebAssembly and font from the files the function's declaration bundles beside it, then
 * draws a post's card: that first card is the cold time; the cards after it are the warm time. The
 * PNG's size is what CloudFront stores and serves for each card (one render per card and version).
 *
 * The child is this same file run with `--child <cards>`: it prints one JSON line.
 */
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MAX_POST_LENGTH } from '../../functions/contract/posts';
import { SHARE_CARD_FILES } from '../../functions/images/assets';
import { functionsTriggeredBy } from '../../infra/functions';

export type ShareCardOptions = { processes: number; warmCards: number };
export const FULL: ShareCardOptions = { processes: 5, warmCards: 20 };
export const SMOKE: ShareCardOptions = { processes: 1, warmCards: 3 };

export type ShareCardRun = { coldMs: number; warmMs: number[]; longBytes: number; shortBytes: number; siteBytes: number };

const ROOT = join(import.meta.dirname, '../..');

/** A post of the longest length the contract allows, and a short one. */
const LONG = (() => {
  const words = 'hoy en el trabajo se me cayó el café encima del portátil del jefe y además era su cumpleaños';
  let text = words;
  while (text.length + words.length + 1 <= MAX_POST_LENGTH) text += ` ${words}`;
  return text;
})();
const SHORT = 'Me quedé encerrada en el baño de la oficina.';

async function child(warmCards: number): Promise<ShareCardRun> {
  const started = performance.now();
  const { cardRenderer } = await import('../../functions/images/shareCardRenderer');
  const files = functionsTriggeredBy('image')[0]?.files;
  if (!files) throw new Error('no image function with files is declared');
  const file = async (name: string) => new Uint8Array(await readFile(join(ROOT, files[name] ?? name)));
  const renderer = cardRenderer(async () => ({
    layoutWasm: await file(SHARE_CARD_FILES.layoutWasm),
    resvgWasm: await file(SHARE_CARD_FILES.resvgWasm),
    fonts: {
      regular: await file(SHARE_CARD_FILES.regular),
      regularExtended: await file(SHARE_CARD_FILES.regularExtended),
      bold: await file(SHARE_CARD_FILES.bold),
    },
  }));
  const long = await renderer.postCard({ name: 'Señora Peñalver', category: 'trabajo', post: LONG });
  const coldMs = performance.now() - started;
  const warmMs: number[] = [];
  for (let index = 0; index < warmCards; index++) {
    const t = performance.now();
    await renderer.postCard({ name: `Lectora ${index}`, category: 'trabajo', post: `${LONG.slice(0, MAX_POST_LENGTH - 4)} ${index}` });
    warmMs.push(performance.now() - t);
  }
  const short = await renderer.postCard({ name: 'Ana', category: 'amor', post: SHORT });
  const site = await renderer.siteCard();
  return { coldMs, warmMs, longBytes: long.length, shortBytes: short.length, siteBytes: site.length };
}

/** Each run in a fresh Node process (through tsx, as the local cloud runs functions). */
export function measureShareCards(options: ShareCardOptions): ShareCardRun[] {
  const runs: ShareCardRun[] = [];
  for (let index = 0; index < options.processes; index++) {
    const output = execFileSync(process.execPath, ['--import', 'tsx', import.meta.filename, '--child', String(options.warmCards)], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const run = JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as ShareCardRun;
    console.log(
      `  process ${index + 1}: cold ${run.coldMs.toFixed(0)} ms, warm ${Math.min(...run.warmMs).toFixed(0)}+ ms, ${run.longBytes} bytes`,
    );
    runs.push(run);
  }
  return runs;
}

if (process.argv[2] === '--child') {
  process.stdout.write(`${JSON.stringify(await child(Number(process.argv[3] ?? '3')))}\n`);
}
