import { formatPostDate, SITE_TIME_ZONE } from '../lib/format';
import { useHydrated } from '../lib/useHydrated';

/**
 * A date in the reader's time zone. A document rendered by the server (which cannot know the reader's
 * zone) shows it in the site's zone, Madrid, and so does the first render that takes the document
 * over (the markup must be the server's); right after, React renders it again in the reader's zone.
 */
export function LocalTime({ iso }: { iso: string }) {
  const inReadersZone = useHydrated();
  return <time dateTime={iso}>{formatPostDate(iso, inReadersZone ? undefined : SITE_TIME_ZONE)}</time>;
}
