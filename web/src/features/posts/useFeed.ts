import { startTransition, useCallback, useReducer, useRef } from 'react';
import { DEFAULT_PAGE_SIZE } from '@contract/common';
import { type Category, type Post, type PostPage } from '@contract/posts';
import { errorMessage, useApi } from '../../lib/api';
import { pageDataKeys, useDocumentData, useReadUnlessFromDocument } from '../../lib/pageData';
import { feedReducer, initialFeed, type FeedState } from './feed';

export type Feed = FeedState & {
  loadMore: () => void;
  /** Re-reads the first page and merges it (after a reconnect, or to retry). */
  refresh: () => void;
  /** A post that entered the feeds live; ignored when it is of another category or already shown. */
  addLive: (post: Post) => void;
  /** A post that left the feeds live. */
  removeLive: (id: string) => void;
};

/** A paged feed of all posts or of one category. Mount it again (a React key) to change category. */
export function useFeed(category?: Category): Feed {
  const api = useApi();
  // The first page the document was rendered with, if it was: shown as it is, not asked for again.
  const fromDocument = useDocumentData<PostPage>(pageDataKeys.feed(category));
  const [state, dispatch] = useReducer(feedReducer, fromDocument, (page) =>
    page ? feedReducer(initialFeed, { type: 'firstPageLoaded', page }) : initialFeed,
  );
  const firstPageAbort = useRef<AbortController | null>(null);

  const refresh = useCallback(() => {
    firstPageAbort.current?.abort();
    const controller = new AbortController();
    firstPageAbort.current = controller;
    dispatch({ type: 'firstPageRequested' });
    api
      .listPosts({ category, limit: DEFAULT_PAGE_SIZE, signal: controller.signal })
      .then((page) => {
        // A transition: React renders the list in slices, so a slow phone stays responsive.
        if (!controller.signal.aborted) startTransition(() => dispatch({ type: 'firstPageLoaded', page }));
      })
      .catch((error: unknown) => {
        // A failed background refetch leaves a loaded list as it is (see the reducer).
        if (!controller.signal.aborted) dispatch({ type: 'firstPageFailed', message: errorMessage(error) });
      });
  }, [api, category]);

  useReadUnlessFromDocument(refresh, fromDocument !== undefined, () => firstPageAbort.current?.abort());

  const { nextCursor, status } = state;
  const loadMore = useCallback(() => {
    if (!nextCursor || status === 'loadingMore' || status === 'loading') return;
    dispatch({ type: 'moreRequested' });
    api
      .listPosts({ category, cursor: nextCursor, limit: DEFAULT_PAGE_SIZE })
      .then((page) => startTransition(() => dispatch({ type: 'moreLoaded', page })))
      .catch((error: unknown) => dispatch({ type: 'failed', message: errorMessage(error) }));
  }, [api, category, nextCursor, status]);

  const addLive = useCallback((post: Post) => dispatch({ type: 'livePublished', post, category }), [category]);
  const removeLive = useCallback((id: string) => dispatch({ type: 'liveRemoved', id }), []);

  return { ...state, loadMore, refresh, addLive, removeLive };
}
