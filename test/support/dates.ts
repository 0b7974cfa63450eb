/**
 * A moment as the site spells it ("26 de noviembre de 2026, 7:05") in `timeZone`, worked out here with
 * `Intl` on its own, so a test compares the site's spelling with an independent one.
 */
export function spelledDate(iso: string, timeZone: string): string {
  const part = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('es', { timeZone, ...options }).format(new Date(iso));
  const hour = Number(part({ hour: 'numeric', hourCycle: 'h23' }).split(':')[0]);
  const minute = part({ minute: 'numeric' }).padStart(2, '0');
  return `${part({ day: 'numeric' })} de ${part({ month: 'long' })} de ${part({ year: 'numeric' })}, ${hour}:${minute}`;
}
