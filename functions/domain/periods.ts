/**
 * The Top's calendar periods, in Europe/Madrid (TOP_TIME_ZONE): the day, the week (from Monday) and
 * the month a moment falls in, as the keys of the top table's partitions (`bucket`). A post belongs to
 * the periods of its `publishedAt` for good, so "today's top" is one partition: no rows move at
 * midnight, and tomorrow's top starts empty.
 */
import { TOP_TIME_ZONE, type TopPeriod } from '../contract/votes';

/**
 * Made on first use, not when the module loads: a process's first `Intl.DateTimeFormat` loads ICU's
 * time-zone data, ~20 ms. Every function bundles this module (through the stores it may build), but only
 * the Top's readers, the moderators' daily count, Rankings and the notifications need a Madrid date: for the
 * others it was a fifth of their cold import.
 */
let civilFormat: Intl.DateTimeFormat | undefined;

/** The calendar date of `at` in Madrid: `YYYY-MM-DD`. */
export function madridDate(at: Date): string {
  civilFormat ??= new Intl.DateTimeFormat('en-CA', { timeZone: TOP_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
  const parts = Object.fromEntries(civilFormat.formatToParts(at).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The Monday that starts the (Madrid) week of a calendar date `YYYY-MM-DD`. */
function mondayOf(date: string): string {
  const civil = Date.parse(`${date}T00:00:00Z`);
  const sinceMonday = (new Date(civil).getUTCDay() + 6) % 7;
  return new Date(civil - sinceMonday * DAY_MS).toISOString().slice(0, 10);
}

/** The partition (`bucket`) of the Top's `period` that holds what was published at `at`. */
export function bucketOf(period: TopPeriod, at: Date): string {
  if (period === 'all') return 'all';
  const date = madridDate(at);
  if (period === 'day') return `day#${date}`;
  if (period === 'week') return `week#${mondayOf(date)}`;
  return `month#${date.slice(0, 7)}`;
}

/** Every period's bucket for a moment. */
export function bucketsOf(at: Date): Record<TopPeriod, string> {
  return { day: bucketOf('day', at), week: bucketOf('week', at), month: bucketOf('month', at), all: bucketOf('all', at) };
}
