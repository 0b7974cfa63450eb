/** The site's time zone: Top periods are Madrid's calendar, and server-rendered dates are Madrid's. */
export const SITE_TIME_ZONE = 'Europe/Madrid';

const readersZone = new Intl.DateTimeFormat('es', { dateStyle: 'long', timeStyle: 'short' });
const sitesZone = new Intl.DateTimeFormat('es', { dateStyle: 'long', timeStyle: 'short', timeZone: SITE_TIME_ZONE });

/**
 * The creation date in Spanish ("3 de mayo de 2025, 14:05"), in the reader's time zone, or in
 * `timeZone` (only the site's is supported: see components/LocalTime.tsx).
 */
export function formatPostDate(iso: string, timeZone?: typeof SITE_TIME_ZONE): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return (timeZone ? sitesZone : readersZone).format(date);
}

/** "amor" → "Amor", for labels; the stored and linked value stays lowercase. */
export function categoryLabel(category: string): string {
  return category.charAt(0).toUpperCase() + category.slice(1);
}

const monthYear = new Intl.DateTimeFormat('es', { month: 'long', year: 'numeric', timeZone: SITE_TIME_ZONE });

/** "noviembre de 2026" (in the site's zone, so the server's and the browser's renders agree). */
export function formatMonthYear(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : monthYear.format(date);
}
