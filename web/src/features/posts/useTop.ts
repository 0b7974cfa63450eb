import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '@contract/common';
import { type Post } from '@contract/posts';
import { type TopPeriod, type TopRanking } from '@contract/votes';
import { useApi } from '../../lib/api';
import { firstPageOnly, queryKeys } from '../../lib/queries';
import { usePagedList, type PagedList } from '../../lib/usePagedList';
import { withoutPost, type FeedPages } from './feed';

export type Top = PagedList<Post> & { refresh: () => void; removeLive: (id: string) => void };

/** One ranking of the Top, 20 a page, in rank order (a post whose rank moved between pages is shown once). */
export function useTop(period: TopPeriod, by: TopRanking): Top {
  const api = useApi();
  const client = useQueryClient();
  const list = usePagedList<Post>(queryKeys.top(period, by), (cursor, signal) =>
    api.call('votes.top', { query: { period, by, cursor, limit: DEFAULT_PAGE_SIZE } }, { signal }),
  );
  // After a reconnect the ranking is read again from the top (ranks may all have moved); what is shown
  // stays until the answer comes, and stays as it is if the read fails.
  const { retry } = list;
  const refresh = useCallback(() => {
    const key = queryKeys.top(period, by);
    if (!client.getQueryData(key)) return retry();
    api.call('votes.top', { query: { period, by, limit: DEFAULT_PAGE_SIZE } }).then(
      (page) => client.setQueryData<FeedPages>(key, firstPageOnly(page)),
      () => undefined,
    );
  }, [api, client, period, by, retry]);
  const removeLive = useCallback(
    (id: string) => client.setQueryData<FeedPages>(queryKeys.top(period, by), (data) => data && withoutPost(data, id)),
    [client, period, by],
  );
  return { ...list, refresh, removeLive };
}
