import { ValidationError } from './errors';

/**
 * Feed cursors are opaque to clients: base64url of the last item's `sortKey`
 * (`${createdAt}#${id}`). Anything that does not decode to that exact shape is INVALID_CURSOR.
 */
const SORT_KEY = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z#[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

export function sortKeyOf(createdAt: string, id: string): string {
  return `${createdAt}#${id}`;
}

export function encodeCursor(sortKey: string): string {
  return Buffer.from(sortKey, 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string): { sortKey: string; id: string } {
  const sortKey = BASE64URL.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  if (!SORT_KEY.test(sortKey)) throw new ValidationError('INVALID_CURSOR');
  return { sortKey, id: sortKey.slice(sortKey.indexOf('#') + 1) };
}

/** What a paged list route takes: `?limit=&cursor=`. */
export type PageParams = { limit?: string; cursor?: string };

/** The sort key a page resumes after: the cursor's, or undefined for the first page. */
export function resumeAfter(params: PageParams): string | undefined {
  return params.cursor !== undefined ? decodeCursor(params.cursor).sortKey : undefined;
}

/** A store's page as a list route answers it: its items as the client sees them, and the next page's cursor or null. */
export function pageAnswer<S, T>(page: { items: S[]; next?: string }, shape: (item: S) => T): { items: T[]; nextCursor: string | null } {
  return { items: page.items.map(shape), nextCursor: page.next !== undefined ? encodeCursor(page.next) : null };
}
