import { formatMonthYear, formatPostDate, SITE_TIME_ZONE } from '../lib/format';
import { useHydrated } from '../lib/hydration';

const FORMATS = { dateTime: formatPostDate, monthYear: formatMonthYear };

const onServer = typeof document === 'undefined';

/**
 * A date in the reader's time zone ("3 de mayo de 2025, 14:05", or "mayo de 2025" as `monthYear`). A
 * document rendered by the server (which cannot know the reader's zone) shows it in the site's zone,
 * Madrid; the render that takes the document over keeps that text as the server wrote it, and right
 * after React renders it again in the reader's zone.
 */
export function LocalTime({ iso, show = 'dateTime' }: { iso: string; show?: keyof typeof FORMATS }) {
  const format = FORMATS[show];
  const hydrated = useHydrated();
  if (hydrated) return <time dateTime={iso}>{format(iso)}</time>;
  // The browser's taking-over render does not spell Madrid's time again (that takes `Intl`, whose first
  // use costs a phone ~0.1 s): it gives a stand-in text that React, told the mismatch is meant, leaves
  // unwritten (`suppressHydrationWarning` keeps the server's text), and the next render replaces it.
  return (
    <time dateTime={iso} suppressHydrationWarning>
      {onServer ? format(iso, SITE_TIME_ZONE) : iso}
    </time>
  );
}
