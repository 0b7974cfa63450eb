import type { Category, Post, PostPage } from '@contract/posts';

/**
 * The state of a feed (home or one category): pages read from the API merged with posts that enter
 * or leave the feeds live, newest `publishedAt` first, each post once. Pure functions, so the merge
 * rules are tested on their own.
 */
export type FeedState = {
  items: Post[];
  /** Cursor for the next (older) page; null when everything has been read. */
  nextCursor: string | null;
  /** Whether the first page has been read at least once. */
  loaded: boolean;
  status: 'loading' | 'idle' | 'loadingMore' | 'error';
  error: string | null;
  /** Posts that left the feeds while shown, so a page read before they left does not bring them back. */
  removed: readonly string[];
};

export const initialFeed: FeedState = { items: [], nextCursor: null, loaded: false, status: 'loading', error: null, removed: [] };

/** Newest `publishedAt` first (the feeds' order); the id breaks ties so the order is stable. */
export function compareNewestFirst(a: Post, b: Post): number {
  if (a.publishedAt !== b.publishedAt) return a.publishedAt < b.publishedAt ? 1 : -1;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/** The union of two lists by id (a post already held is kept), newest first, leaving out `removed` ones. */
export function mergePosts(current: readonly Post[], incoming: readonly Post[], removed: readonly string[] = []): Post[] {
  const seen = new Set([...current.map((post) => post.id), ...removed]);
  const added = incoming.filter((post) => {
    if (seen.has(post.id)) return false;
    seen.add(post.id);
    return true;
  });
  if (added.length === 0) return current as Post[];
  return [...current, ...added].sort(compareNewestFirst);
}

export type FeedAction =
  | { type: 'firstPageRequested' }
  | { type: 'firstPageLoaded'; page: PostPage }
  | { type: 'moreRequested' }
  | { type: 'moreLoaded'; page: PostPage }
  | { type: 'failed'; message: string }
  /** The first page could not be read: an error on an empty feed; a loaded list stays as it is. */
  | { type: 'firstPageFailed'; message: string }
  | { type: 'livePublished'; post: Post; category?: Category }
  | { type: 'liveRemoved'; id: string };

/** Most ids remembered as removed: enough for the pages a reader holds. */
const REMEMBERED_REMOVALS = 200;

/**
 * After re-reading the first page: posts held within the page's span (between its newest and
 * oldest post) that it no longer contains left the feeds while the connection was down.
 */
function withoutVanished(items: readonly Post[], page: PostPage): Post[] {
  const newest = page.items[0];
  const oldest = page.items.at(-1);
  if (!newest || !oldest) return page.nextCursor === null ? [] : (items as Post[]);
  const inPage = new Set(page.items.map((post) => post.id));
  return items.filter(
    (post) =>
      inPage.has(post.id) || compareNewestFirst(post, newest) < 0 || (page.nextCursor !== null && compareNewestFirst(post, oldest) > 0),
  );
}

export function feedReducer(state: FeedState, action: FeedAction): FeedState {
  switch (action.type) {
    case 'firstPageRequested':
      return state.loaded ? state : { ...state, status: 'loading', error: null };
    case 'firstPageLoaded': {
      const { page } = action;
      if (!state.loaded) {
        // Posts that arrived live before the first page are kept; paging starts from the page's cursor.
        return {
          ...state,
          items: mergePosts(state.items, page.items, state.removed),
          nextCursor: page.nextCursor,
          loaded: true,
          status: 'idle',
          error: null,
        };
      }
      // A refetch (after a reconnect). If it overlaps what we hold, it only fills the top; if not,
      // more posts arrived than one page holds and the list restarts from this page, with no gap.
      const held = new Set(state.items.map((post) => post.id));
      const overlaps = state.items.length === 0 || page.items.some((post) => held.has(post.id));
      if (!overlaps)
        return { ...state, items: mergePosts([], page.items, state.removed), nextCursor: page.nextCursor, status: 'idle', error: null };
      const kept = withoutVanished(state.items, page);
      return {
        ...state,
        items: mergePosts(kept, page.items, state.removed),
        status: state.status === 'error' ? 'idle' : state.status,
        error: null,
      };
    }
    case 'moreRequested':
      return { ...state, status: 'loadingMore', error: null };
    case 'moreLoaded':
      return {
        ...state,
        items: mergePosts(state.items, action.page.items, state.removed),
        nextCursor: action.page.nextCursor,
        status: 'idle',
        error: null,
      };
    case 'failed':
      return { ...state, status: 'error', error: action.message };
    case 'firstPageFailed':
      return state.loaded ? state : { ...state, status: 'error', error: action.message };
    case 'livePublished': {
      if (action.category && action.post.category !== action.category) return state;
      // A post can come back (a moderator restores it): it is no longer removed.
      const removed = state.removed.includes(action.post.id) ? state.removed.filter((id) => id !== action.post.id) : state.removed;
      const items = mergePosts(state.items, [action.post]);
      return items === state.items && removed === state.removed ? state : { ...state, items, removed };
    }
    case 'liveRemoved': {
      if (state.removed.includes(action.id)) return state;
      const removed = [...state.removed, action.id].slice(-REMEMBERED_REMOVALS);
      return { ...state, items: state.items.filter((post) => post.id !== action.id), removed };
    }
  }
}
