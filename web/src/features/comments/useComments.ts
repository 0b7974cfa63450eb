import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Comment } from '@contract/comments';
import { useApi } from '../../lib/api';
import { queryKeys, type Pages } from '../../lib/queries';
import { usePagedList, type PagedList } from '../../lib/usePagedList';

type CommentPages = Pages<Comment>;

export type Comments = PagedList<Comment> & {
  /** A comment written here or received live: shown at the end if it is not there yet. */
  add: (comment: Comment) => void;
  remove: (id: string) => void;
  /** After a reconnect: reads again every page shown, so nothing missed stays missing and nothing deleted stays shown. */
  refresh: () => void;
};

/** A published post's comments, oldest first, a page at a time («Ver más»), kept in the cache. */
export function useComments(postId: string): Comments {
  const api = useApi();
  const client = useQueryClient();
  const list = usePagedList<Comment>(queryKeys.comments(postId), (cursor, signal) =>
    api.call('comments.list', { params: { id: postId }, query: { cursor } }, { signal }),
  );

  const add = useCallback(
    (comment: Comment) => {
      if (comment.postId !== postId) return;
      client.setQueryData<CommentPages>(queryKeys.comments(postId), (data) => {
        if (!data || data.pages.some((page) => page.items.some((held) => held.id === comment.id))) return data;
        const last = data.pages.length - 1;
        return { ...data, pages: data.pages.map((page, index) => (index === last ? { ...page, items: [...page.items, comment] } : page)) };
      });
    },
    [client, postId],
  );

  const remove = useCallback(
    (id: string) =>
      client.setQueryData<CommentPages>(
        queryKeys.comments(postId),
        (data) =>
          data && { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.filter((comment) => comment.id !== id) })) },
      ),
    [client, postId],
  );

  const refresh = useCallback(() => void client.refetchQueries({ queryKey: queryKeys.comments(postId) }), [client, postId]);

  return { ...list, add, remove, refresh };
}
