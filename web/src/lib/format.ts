/** The site's time zone: Top periods are Madrid's calendar, and server-rendered dates are Madrid's. */
export const SITE_TIME_ZONE = 'Europe/Madrid';

const MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];

/** A moment as a calendar and a clock read it somewhere (month 0–11, as `Date`'s). */
type WallClock = { year: number; month: number; day: number; hour: number; minute: number };

/**
 * The reader's wall clock, from `Date`'s local fields. Not `Intl.DateTimeFormat`: its first use in a
 * page loads the locale's data, ~0.1 s of one task on a phone, on the first render of every page.
 */
function readersClock(date: Date): WallClock {
  return {
    year: date.getFullYear(),
    month: date.getMonth(),
    day: date.getDate(),
    hour: date.getHours(),
    minute: date.getMinutes(),
  };
}

let sitesZoneParts: Intl.DateTimeFormat | undefined;

/** Madrid's wall clock, by `Intl` (the server renders in it; built on first use). */
function sitesClock(date: Date): WallClock {
  sitesZoneParts ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: SITE_TIME_ZONE,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  });
  const parts = Object.fromEntries(sitesZoneParts.formatToParts(date).map(({ type, value }) => [type, Number(value)]));
  return { year: parts.year!, month: parts.month! - 1, day: parts.day!, hour: parts.hour!, minute: parts.minute! };
}

function clockOf(iso: string, timeZone?: typeof SITE_TIME_ZONE): WallClock | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return timeZone ? sitesClock(date) : readersClock(date);
}

/**
 * The date in Spanish ("3 de mayo de 2025, 14:05"), in the reader's time zone, or in `timeZone` (only
 * the site's is supported: see components/LocalTime.tsx). Spelled here rather than by `Intl`'s
 * `dateStyle`, whose wording changes between ICU versions ("…de 2025, 14:05" or "…de 2025 a las 14:05"):
 * the server's and the browser's would not always agree.
 */
export function formatPostDate(iso: string, timeZone?: typeof SITE_TIME_ZONE): string {
  const clock = clockOf(iso, timeZone);
  if (!clock) return '';
  return `${clock.day} de ${MONTHS[clock.month]} de ${clock.year}, ${clock.hour}:${String(clock.minute).padStart(2, '0')}`;
}

/** "noviembre de 2026", in the reader's time zone or in the site's (as formatPostDate). */
export function formatMonthYear(iso: string, timeZone?: typeof SITE_TIME_ZONE): string {
  const clock = clockOf(iso, timeZone);
  return clock ? `${MONTHS[clock.month]} de ${clock.year}` : '';
}

/** "amor" → "Amor", for labels; the stored and linked value stays lowercase. */
export function categoryLabel(category: string): string {
  return category.charAt(0).toUpperCase() + category.slice(1);
}

/**
 * How long ago, in Spanish: «ahora mismo» under a minute, «hace 5 min», «hace 3 h», «hace 2 días» up to
 * a week, then the date ("3 de mayo de 2025, 14:05", as formatPostDate). A time in the future (a clock
 * behind the server's) reads as «ahora mismo».
 */
export function formatAgo(iso: string, now: Date): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return '';
  const minutes = Math.floor((now.getTime() - then) / 60_000);
  if (minutes < 1) return 'ahora mismo';
  if (minutes < 60) return `hace ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `hace ${hours} h`;
  const days = Math.floor(hours / 24);
  if (days < 7) return days === 1 ? 'hace 1 día' : `hace ${days} días`;
  return formatPostDate(iso);
}

/**
 * The reader's calendar day of a moment, as a heading: «Hoy», «Ayer», then "25 de noviembre" (with the
 * year when it is not this one).
 */
export function formatDay(iso: string, now: Date): string {
  const clock = clockOf(iso);
  if (!clock) return '';
  const today = readersClock(now);
  const yesterday = readersClock(new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1));
  const same = (a: WallClock, b: WallClock) => a.year === b.year && a.month === b.month && a.day === b.day;
  if (same(clock, today)) return 'Hoy';
  if (same(clock, yesterday)) return 'Ayer';
  return `${clock.day} de ${MONTHS[clock.month]}${clock.year === today.year ? '' : ` de ${clock.year}`}`;
}
