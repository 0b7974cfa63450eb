/** The benchmark table: one row per measured figure, its target beside it, and whether it was met. */
import { cpus, totalmem } from 'node:os';
import { formatSummary, summarize } from './stats';

export type Status = 'met' | 'missed' | 'reported';

export type Row = {
  /** Figure number (docs/benchmarks-notes.md lists them), shown in the first column. */
  figure: number;
  what: string;
  measured: string;
  target: string;
  status: Status;
};

export type FigureResult = { rows: Row[]; notes: string[] };

/** A table size as the rows name it: `1k`, `100k`, or the number itself below a thousand. */
export const sizeLabel = (size: number): string => (size >= 1000 ? `${size / 1000}k` : String(size));

/**
 * The row of how a p50 grows from the smallest size to the largest: each round's p50 at the largest
 * ÷ the same round's at the smallest (the sizes are measured in interleaved rounds, so a drift in the
 * machine's speed hits both alike).
 * @param limit the largest ratio that meets the target; without it the row is only reported
 */
export function growthRow(
  figure: number,
  what: string,
  sizes: readonly number[],
  p50s: { largest: readonly number[]; smallest: readonly number[] },
  limit?: number,
  why = '',
): Row {
  const ratio = summarize(p50s.largest.map((p50, round) => p50 / (p50s.smallest[round] as number)));
  return {
    figure,
    what: `${what} p50 at ${sizeLabel(sizes.at(-1) as number)} ÷ p50 at ${sizeLabel(sizes[0] as number)} (same round${why})`,
    measured: formatSummary(ratio, '×', 2),
    target: limit === undefined ? 'reported' : `≤ ${limit}×`,
    status: limit === undefined ? 'reported' : ratio.median <= limit ? 'met' : 'missed',
  };
}

/** How much faster than its GetItem control a read may grow with its table (noise: rounds differ by a few per cent). */
export const GROWTH_BESIDE_CONTROL_LIMIT = 1.1;

/**
 * The row of how a p50 grows beside a control that does the same work at any size (one GetItem): each
 * round's growth (largest ÷ smallest) ÷ the control's growth in the same round. What DynamoDB Local
 * itself slows down by as its tables grow cancels out; what is left is the design's own growth.
 */
export function growthBesideControlRow(
  figure: number,
  what: string,
  sizes: readonly number[],
  p50s: { largest: readonly number[]; smallest: readonly number[] },
  control: { largest: readonly number[]; smallest: readonly number[] },
  limit: number,
): Row {
  const ratio = summarize(
    p50s.largest.map(
      (p50, round) => p50 / (p50s.smallest[round] as number) / ((control.largest[round] as number) / (control.smallest[round] as number)),
    ),
  );
  return {
    figure,
    what: `${what} growth from ${sizeLabel(sizes[0] as number)} to ${sizeLabel(sizes.at(-1) as number)} ÷ the GetItem control's (same round)`,
    measured: formatSummary(ratio, '×', 2),
    target: `≤ ${limit}×`,
    status: ratio.median <= limit ? 'met' : 'missed',
  };
}

/** Runs a figure; a figure that throws still yields a row, marked missed, so the table is never silent. */
export async function runFigure(figure: number, title: string, measure: () => Promise<FigureResult>): Promise<FigureResult> {
  const started = Date.now();
  console.log(`\n▶ Figure ${figure}: ${title}`);
  try {
    const result = await measure();
    console.log(`  done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return result;
  } catch (error) {
    console.error(`  figure ${figure} failed:`, error);
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return { rows: [{ figure, what: title, measured: `failed: ${message}`, target: '—', status: 'missed' }], notes: [] };
  }
}

export function machine(): string {
  const cpu = cpus();
  const model = cpu[0]?.model.trim() ?? 'unknown CPU';
  return `${model}, ${cpu.length} cores, ${(totalmem() / 1024 ** 3).toFixed(0)} GiB RAM, Node ${process.version}, ${process.platform} ${process.arch}`;
}

const STATUS: Record<Status, string> = { met: '✅ met', missed: '❌ missed', reported: 'reported' };

export function renderTable(rows: Row[]): string {
  const escape = (text: string) => text.replace(/\|/g, '\\|');
  return [
    '| # | figure | measured: median [min–max over runs] | target | result |',
    '|---|---|---|---|---|',
    ...rows.map(
      (row) => `| ${row.figure} | ${escape(row.what)} | ${escape(row.measured)} | ${escape(row.target)} | ${STATUS[row.status]} |`,
    ),
  ].join('\n');
}
