const dateFormat = new Intl.DateTimeFormat('es', { dateStyle: 'long', timeStyle: 'short' });

/** The creation date in the reader's time zone, in Spanish ("3 de mayo de 2025, 14:05"). */
export function formatPostDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}

/** "amor" → "Amor", for labels; the stored and linked value stays lowercase. */
export function categoryLabel(category: string): string {
  return category.charAt(0).toUpperCase() + category.slice(1);
}
