/**
 * Small statistics for the benchmarks. Absolute times drift from run to run on a shared 2-core
 * machine, so every figure is a median over repeated runs with its spread (min–max), and
 * comparisons are ratios measured inside one run.
 */

/** The p-th percentile (0–100) of `values`, by linear interpolation between closest ranks. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (p / 100) * (sorted.length - 1);
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  const lowValue = sorted[low] as number;
  return lowValue + ((sorted[high] as number) - lowValue) * (rank - low);
}

export function median(values: readonly number[]): number {
  return percentile(values, 50);
}

/** A figure measured over several runs: its median and its spread. */
export type Summary = { median: number; min: number; max: number; runs: number };

export function summarize(values: readonly number[]): Summary {
  return {
    median: median(values),
    min: values.length ? Math.min(...values) : Number.NaN,
    max: values.length ? Math.max(...values) : Number.NaN,
    runs: values.length,
  };
}

/** `12.3 ms [11.9–13.0]`: the median, then the min–max spread over the runs. */
export function formatSummary(summary: Summary, unit: string, digits = 1): string {
  const n = (value: number) => value.toFixed(digits);
  const spread = summary.runs > 1 ? ` [${n(summary.min)}–${n(summary.max)}]` : '';
  return `${n(summary.median)}${unit}${spread}`;
}

export function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${(bytes / 1024).toFixed(1)} KB`;
}

/** Milliseconds since an arbitrary origin, with sub-millisecond resolution. */
export function now(): number {
  return performance.now();
}

/** Runs `task` `times` times in a row and returns each run's duration in milliseconds. */
export async function timeEach(times: number, task: (index: number) => Promise<unknown>): Promise<number[]> {
  const durations: number[] = [];
  for (let index = 0; index < times; index++) {
    const start = now();
    await task(index);
    durations.push(now() - start);
  }
  return durations;
}
