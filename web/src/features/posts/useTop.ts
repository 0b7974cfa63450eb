import { useCallback, useMemo } from 'react';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '@contract/common';
import type { Post } from '@contract/posts';
import type { TopPage } from '@contract/votes';
import type { TopPeriod, TopRanking } from '@contract/voteRules';
import { useApi } from '../../lib/api';
import { firstPageOnly, queryKeys } from '../../lib/queries';
import { usePagedList, type PagedList } from '../../lib/usePagedList';
import { withoutPost, type FeedPages } from './feed';

export type Top = PagedList<Post> & {
  /** The period shown: the one asked for, or the one the API chose for `/top` without one (undefined until it answers). */
  period: TopPeriod | undefined;
  refresh: () => void;
  removeLive: (id: string) => void;
};

/**
 * One ranking of the Top, 20 a page, in rank order (a post whose rank moved between pages is shown
 * once). Without a period (`/top`), the API chooses it and its first page says which: the next pages
 * are asked for with that period.
 */
export function useTop(period: TopPeriod | undefined, by: TopRanking): Top {
  const api = useApi();
  const client = useQueryClient();
  const key = useMemo(() => queryKeys.top(period ?? 'opening', by), [period, by]);
  const chosen = () => period ?? client.getQueryData<InfiniteData<TopPage>>(key)?.pages[0]?.period;
  const list = usePagedList<Post>(key, (cursor, signal) =>
    api.call('votes.top', { query: { period: cursor ? chosen() : period, by, cursor, limit: DEFAULT_PAGE_SIZE } }, { signal }),
  );
  // Read while rendering: the list re-renders when its first page arrives.
  const shown = chosen();
  // After a reconnect the ranking is read again from the top (ranks may all have moved); what is shown
  // stays until the answer comes, and stays as it is if the read fails.
  const { retry } = list;
  const refresh = useCallback(() => {
    if (!client.getQueryData(key)) return retry();
    api.call('votes.top', { query: { period, by, limit: DEFAULT_PAGE_SIZE } }).then(
      (page) => client.setQueryData<FeedPages>(key, firstPageOnly(page)),
      () => undefined,
    );
  }, [api, client, key, period, by, retry]);
  const removeLive = useCallback(
    (id: string) => client.setQueryData<FeedPages>(key, (data) => data && withoutPost(data, id)),
    [client, key],
  );
  return { ...list, period: shown, refresh, removeLive };
}
