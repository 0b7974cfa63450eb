import { useCallback, useEffect, useState } from 'react';
import type { Comment } from '@contract/comments';
import { errorMessage, useApi } from '../../lib/api';

export type CommentsState = {
  items: Comment[];
  /** Where the next page starts; null when every comment is shown. */
  nextCursor: string | null;
  status: 'loading' | 'ready' | 'error';
  /** Why the last page failed to load (Spanish), when it did. */
  error: string | null;
  loadingMore: boolean;
};

/** Adds comments in order, keeping each id once (a live copy and the API's copy are the same comment). */
export function mergeComments(shown: Comment[], more: Comment[]): Comment[] {
  const seen = new Set(shown.map((comment) => comment.id));
  const added = more.filter((comment) => !seen.has(comment.id) && seen.add(comment.id));
  return added.length === 0 ? shown : [...shown, ...added];
}

/**
 * A published post's comments, oldest first, a page at a time («Ver más»). Comments written here or
 * arriving live are added at the end, once each; a deleted one disappears.
 */
export function useComments(postId: string) {
  const api = useApi();
  const [state, setState] = useState<CommentsState & { postId: string }>({
    postId,
    items: [],
    nextCursor: null,
    status: 'loading',
    error: null,
    loadingMore: false,
  });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    api
      .listComments(postId, { signal: controller.signal })
      .then((page) =>
        setState((current) => ({
          postId,
          // Comments that arrived (written here, or live) while the first page loaded stay, after it.
          items: mergeComments(page.items, current.postId === postId ? current.items : []),
          nextCursor: page.nextCursor,
          status: 'ready',
          error: null,
          loadingMore: false,
        })),
      )
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setState((current) => ({ ...current, postId, status: 'error', error: errorMessage(error) }));
      });
    return () => controller.abort();
  }, [api, postId, attempt]);

  const loadMore = useCallback(() => {
    if (state.loadingMore || state.nextCursor === null) return;
    const cursor = state.nextCursor;
    setState((current) => ({ ...current, loadingMore: true, error: null }));
    api
      .listComments(postId, { cursor })
      .then((page) =>
        setState((current) => ({
          ...current,
          items: mergeComments(current.items, page.items),
          nextCursor: page.nextCursor,
          loadingMore: false,
        })),
      )
      .catch((error: unknown) => setState((current) => ({ ...current, loadingMore: false, error: errorMessage(error) })));
  }, [api, postId, state.loadingMore, state.nextCursor]);

  /** A comment written here or received live: shown at the end if it is not there yet. */
  const add = useCallback(
    (comment: Comment) => {
      if (comment.postId !== postId) return;
      setState((current) => (current.postId === postId ? { ...current, items: mergeComments(current.items, [comment]) } : current));
    },
    [postId],
  );

  const remove = useCallback((id: string) => {
    setState((current) => ({ ...current, items: current.items.filter((comment) => comment.id !== id) }));
  }, []);

  /**
   * After a reconnect: reads again from the first page through as many comments as are shown (what
   * arrived meanwhile included), so nothing missed stays missing and nothing deleted stays shown.
   */
  const refresh = useCallback(
    async (shownCount: number) => {
      const items: Comment[] = [];
      let cursor: string | null = null;
      for (let pages = 0; pages < 20; pages++) {
        const page = await api.listComments(postId, { cursor });
        items.push(...page.items);
        cursor = page.nextCursor;
        if (cursor === null || items.length > shownCount) break;
      }
      setState((current) =>
        current.postId === postId
          ? { ...current, items: mergeComments([], items), nextCursor: cursor, status: 'ready', error: null }
          : current,
      );
    },
    [api, postId],
  );

  const retry = useCallback(() => {
    setState((current) => ({ ...current, status: 'loading', error: null }));
    setAttempt((n) => n + 1);
  }, []);

  const shown: CommentsState =
    state.postId === postId ? state : { items: [], nextCursor: null, status: 'loading', error: null, loadingMore: false };
  return { ...shown, loadMore, add, remove, retry, refresh };
}
