/** The benchmark table: one row per measured figure, its target beside it, and whether it was met. */
import { cpus, totalmem } from 'node:os';

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
