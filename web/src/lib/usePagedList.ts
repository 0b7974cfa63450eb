import { useInfiniteQuery, type InfiniteData, type QueryKey } from '@tanstack/react-query';
import { errorMessage } from './api';
import type { Pages } from './queries';

/** A cursor-paged list read through the cache, as the views need it (components/LoadMoreList.tsx). */
export type PagedList<T> = {
  items: T[];
  /** `pending` until the first page is read; `error` when it could not be. */
  status: 'pending' | 'error' | 'success';
  /** Why the last read failed (Spanish), when it did. */
  error: string | null;
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
  /** Reads the first page again (after it failed). */
  retry: () => void;
};

type Page<T> = { items: T[]; nextCursor: string | null };

/** The pages' items in order, each id once (an item whose place moved between reads is not repeated). */
export function concatPages<T extends { id: string }>(data: Pages<T> | undefined): T[] {
  const seen = new Set<string>();
  const items: T[] = [];
  for (const page of data?.pages ?? [])
    for (const item of page.items)
      if (!seen.has(item.id)) {
        seen.add(item.id);
        items.push(item);
      }
  return items;
}

/**
 * One list of the API's cursor pages (`?cursor=`), read a page at a time into the cache under `key`.
 * `view` turns the cached pages into the items shown (by default: in order, each once). With `enabled`
 * false nothing is read yet (the list stays `pending`).
 */
export function usePagedList<T extends { id: string }>(
  key: QueryKey,
  read: (cursor: string | null, signal: AbortSignal) => Promise<Page<T>>,
  view: (data: Pages<T> | undefined) => T[] = concatPages,
  enabled = true,
): PagedList<T> {
  const query = useInfiniteQuery<Page<T>, Error, InfiniteData<Page<T>, string | null>, QueryKey, string | null>({
    queryKey: key,
    queryFn: ({ pageParam, signal }) => read(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled,
  });
  const failure = query.error ?? null;
  return {
    items: view(query.data),
    status: query.data ? 'success' : query.status,
    error: failure ? errorMessage(failure) : null,
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    loadMore: () => {
      if (!query.isFetching) void query.fetchNextPage();
    },
    retry: () => void query.refetch(),
  };
}
