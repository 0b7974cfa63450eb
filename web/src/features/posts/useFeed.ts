import { useCallback, useState } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '@contract/common';
import type { Post } from '@contract/posts';
import type { Category } from '@contract/categories';
import { useApi } from '../../lib/api';
import { firstPageOnly, queryKeys } from '../../lib/queries';
import { usePagedList, type PagedList } from '../../lib/usePagedList';
import { feedItems, mergePosts, withLivePost, withoutPost, withRereadFirstPage, type FeedPages } from './feed';

export type Feed = PagedList<Post> & {
  /** Re-reads the first page and merges it (after a reconnect). */
  refresh: () => void;
  /** A post that entered the feeds live; ignored when it is of another category or already shown. */
  addLive: (post: Post) => void;
  /** A post that left the feeds live. */
  removeLive: (id: string) => void;
};

/** Most ids remembered as removed: enough for the pages a reader holds. */
const REMEMBERED_REMOVALS = 200;

/**
 * Posts that left the feeds while the app ran, for every feed in the cache: a page read before a
 * post left (another feed's, or one loading meanwhile) does not bring it back.
 */
const removedByCache = new WeakMap<QueryClient, Set<string>>();
function removedPosts(client: QueryClient): Set<string> {
  let removed = removedByCache.get(client);
  if (!removed) removedByCache.set(client, (removed = new Set()));
  return removed;
}

/** A paged feed of all posts or of one category, kept in the cache (going back to it shows it at once). */
export function useFeed(category?: Category): Feed {
  const api = useApi();
  const client = useQueryClient();
  const removed = removedPosts(client);
  // Posts that arrived live before the first page was read: shown with it.
  const [early, setEarly] = useState<Post[]>([]);
  const list = usePagedList<Post>(
    queryKeys.feed(category),
    (cursor, signal) => api.call('posts.list', { query: { category, cursor, limit: DEFAULT_PAGE_SIZE } }, { signal }),
    (data) => feedItems(data, removed, early),
  );

  const addLive = useCallback(
    (post: Post) => {
      if (category && post.category !== category) return;
      // A post can come back (a moderator restores it): it is no longer removed.
      removed.delete(post.id);
      const key = queryKeys.feed(category);
      if (client.getQueryData(key)) client.setQueryData<FeedPages>(key, (data) => data && withLivePost(data, post));
      else setEarly((held) => mergePosts(held, [post]));
    },
    [client, category, removed],
  );

  const removeLive = useCallback(
    (id: string) => {
      removed.add(id);
      if (removed.size > REMEMBERED_REMOVALS) removed.delete(removed.values().next().value!);
      client.setQueryData<FeedPages>(queryKeys.feed(category), (data) => data && withoutPost(data, id));
      setEarly((held) => (held.some((post) => post.id === id) ? held.filter((post) => post.id !== id) : held));
    },
    [client, category, removed],
  );

  const { retry } = list;
  const refresh = useCallback(() => {
    const key = queryKeys.feed(category);
    if (!client.getQueryData(key)) return retry();
    // A failed re-read leaves what is shown as it is; the next reconnect tries again.
    api.call('posts.list', { query: { category, limit: DEFAULT_PAGE_SIZE } }).then(
      (page) => client.setQueryData<FeedPages>(key, (data) => (data ? withRereadFirstPage(data, page) : firstPageOnly(page))),
      () => undefined,
    );
  }, [api, client, category, retry]);

  return { ...list, refresh, addLive, removeLive };
}
