/**
 * The feed pages (`/` and `/category/<category>`, the routes of app/AppRoutes.tsx that render
 * FeedRoute) as the start-up layer sees them before the router runs, and the key under which a
 * feed's first page is handed over: index.html's inline script (lib/earlyStart.ts) starts the
 * request, main.tsx prefetches it (lib/prefetch.ts), useFeed takes it. One pattern and one key here,
 * so the three cannot drift apart.
 *
 * No imports: vite.config.ts loads this file (through earlyStart.ts) outside the app's aliases.
 */

/** `/` or `/category/<segment>`, with an optional trailing slash; group 1 is the segment, still encoded. */
export const FEED_PATH = /^\/(?:category\/([^/]+)\/?)?$/;

/** The first part of every feed key; the inline script appends the category itself. */
export const FEED_KEY_PREFIX = 'feed:';

/** The key of a feed's first page: all posts, or one category. */
export function feedKey(category?: string): string {
  return `${FEED_KEY_PREFIX}${category ?? ''}`;
}

/**
 * The category segment of a feed page's path, decoded: `undefined` for the home feed, the segment for
 * `/category/<segment>` (the caller checks that it is a category), `null` when the path is not a feed
 * page or its segment is malformed.
 */
export function feedPathCategory(pathname: string): string | undefined | null {
  const match = FEED_PATH.exec(pathname);
  if (!match) return null;
  if (match[1] === undefined) return undefined;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null; // a malformed address: the route itself will say the category is unknown
  }
}
