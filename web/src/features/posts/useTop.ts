import { useCallback, useReducer, useRef } from 'react';
import { DEFAULT_PAGE_SIZE } from '@contract/common';
import { type Post, type PostPage } from '@contract/posts';
import { type TopPeriod, type TopRanking } from '@contract/votes';
import { errorMessage, useApi } from '../../lib/api';
import { pageDataKeys, useDocumentData, useReadUnlessFromDocument } from '../../lib/pageData';

export type TopState = {
  items: Post[];
  nextCursor: string | null;
  status: 'loading' | 'idle' | 'loadingMore' | 'error';
  error: string | null;
  /** Whether the first page has been read. */
  loaded: boolean;
};

type Action =
  | { type: 'requested' }
  | { type: 'loaded'; page: PostPage }
  | { type: 'moreRequested' }
  | { type: 'moreLoaded'; page: PostPage }
  | { type: 'failed'; message: string }
  | { type: 'removed'; id: string };

const initial: TopState = { items: [], nextCursor: null, status: 'loading', error: null, loaded: false };

/** Pages append in rank order; a post already held (its rank moved between reads) is not repeated. */
export function topReducer(state: TopState, action: Action): TopState {
  switch (action.type) {
    case 'requested':
      return { ...state, status: 'loading', error: null };
    case 'loaded':
      return { items: action.page.items, nextCursor: action.page.nextCursor, status: 'idle', error: null, loaded: true };
    case 'moreRequested':
      return { ...state, status: 'loadingMore', error: null };
    case 'moreLoaded': {
      const held = new Set(state.items.map((post) => post.id));
      return {
        ...state,
        items: [...state.items, ...action.page.items.filter((post) => !held.has(post.id))],
        nextCursor: action.page.nextCursor,
        status: 'idle',
      };
    }
    case 'failed':
      return { ...state, status: 'error', error: action.message };
    case 'removed':
      return { ...state, items: state.items.filter((post) => post.id !== action.id) };
  }
}

export type Top = TopState & { loadMore: () => void; refresh: () => void; removeLive: (id: string) => void };

/** One ranking of the Top, 20 a page. Mount it again (a React key) for another period or ranking. */
export function useTop(period: TopPeriod, by: TopRanking): Top {
  const api = useApi();
  // The page the document was rendered with, if it was: shown as it is, not asked for again.
  const fromDocument = useDocumentData<PostPage>(pageDataKeys.top(period, by));
  const [state, dispatch] = useReducer(topReducer, fromDocument, (page) =>
    page ? topReducer(initial, { type: 'loaded', page }) : initial,
  );
  const abort = useRef<AbortController | null>(null);

  const refresh = useCallback(() => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    dispatch({ type: 'requested' });
    api
      .topPosts({ period, by, limit: DEFAULT_PAGE_SIZE, signal: controller.signal })
      .then((page) => {
        if (!controller.signal.aborted) dispatch({ type: 'loaded', page });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) dispatch({ type: 'failed', message: errorMessage(error) });
      });
  }, [api, period, by]);

  useReadUnlessFromDocument(refresh, fromDocument !== undefined, () => abort.current?.abort());

  const { nextCursor, status } = state;
  const loadMore = useCallback(() => {
    if (!nextCursor || status === 'loading' || status === 'loadingMore') return;
    dispatch({ type: 'moreRequested' });
    api
      .topPosts({ period, by, cursor: nextCursor, limit: DEFAULT_PAGE_SIZE })
      .then((page) => dispatch({ type: 'moreLoaded', page }))
      .catch((error: unknown) => dispatch({ type: 'failed', message: errorMessage(error) }));
  }, [api, period, by, nextCursor, status]);

  const removeLive = useCallback((id: string) => dispatch({ type: 'removed', id }), []);
  return { ...state, loadMore, refresh, removeLive };
}
