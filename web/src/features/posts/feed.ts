import type { Category, Post, PostPage } from '@contract';

/**
 * The state of a feed (home or one category): pages read from the API merged with posts that arrive
 * live, newest first, each post once. Pure functions, so the merge rules are tested on their own.
 */
export type FeedState = {
  items: Post[];
  /** Cursor for the next (older) page; null when everything has been read. */
  nextCursor: string | null;
  /** Whether the first page has been read at least once. */
  loaded: boolean;
  status: 'loading' | 'idle' | 'loadingMore' | 'error';
  error: string | null;
};

export const initialFeed: FeedState = { items: [], nextCursor: null, loaded: false, status: 'loading', error: null };

/** Newest first; the id breaks ties so the order is stable. */
export function compareNewestFirst(a: Post, b: Post): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/** The union of two lists by id (a post already held is kept), newest first. */
export function mergePosts(current: readonly Post[], incoming: readonly Post[]): Post[] {
  const seen = new Set(current.map((post) => post.id));
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
  | { type: 'livePost'; post: Post; category?: Category };

export function feedReducer(state: FeedState, action: FeedAction): FeedState {
  switch (action.type) {
    case 'firstPageRequested':
      return state.loaded ? state : { ...state, status: 'loading', error: null };
    case 'firstPageLoaded': {
      const { page } = action;
      if (!state.loaded) {
        // Posts that arrived live before the first page are kept; paging starts from the page's cursor.
        return { items: mergePosts(state.items, page.items), nextCursor: page.nextCursor, loaded: true, status: 'idle', error: null };
      }
      // A refetch (after a reconnect). If it overlaps what we hold, it only fills the top; if not,
      // more posts arrived than one page holds and the list restarts from this page, with no gap.
      const held = new Set(state.items.map((post) => post.id));
      const overlaps = state.items.length === 0 || page.items.some((post) => held.has(post.id));
      if (!overlaps) return { ...state, items: page.items, nextCursor: page.nextCursor, status: 'idle', error: null };
      return { ...state, items: mergePosts(state.items, page.items), status: state.status === 'error' ? 'idle' : state.status, error: null };
    }
    case 'moreRequested':
      return { ...state, status: 'loadingMore', error: null };
    case 'moreLoaded':
      return { ...state, items: mergePosts(state.items, action.page.items), nextCursor: action.page.nextCursor, status: 'idle', error: null };
    case 'failed':
      return { ...state, status: 'error', error: action.message };
    case 'firstPageFailed':
      return state.loaded ? state : { ...state, status: 'error', error: action.message };
    case 'livePost':
      if (action.category && action.post.category !== action.category) return state;
      {
        const items = mergePosts(state.items, [action.post]);
        return items === state.items ? state : { ...state, items };
      }
  }
}
