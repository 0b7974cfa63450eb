import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Comment, CommentSort } from '@contract/comments';
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

/** The pages with a reply added under its top-level comment (once), counted in its `replyCount`. */
function withReply(data: CommentPages, reply: Comment): CommentPages {
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      items: page.items.map((comment) =>
        comment.id !== reply.parentId || comment.replies?.some((held) => held.id === reply.id)
          ? comment
          : { ...comment, replyCount: (comment.replyCount ?? 0) + 1, replies: [...(comment.replies ?? []), reply] },
      ),
    })),
  };
}

/**
 * A published post's top-level comments in one order (`old`: oldest first; `best`: best first), a
 * page at a time («Ver más»), each with its first replies, kept in the cache. Nothing is read while
 * `enabled` is false (the order is not known yet).
 */
export function useComments(postId: string, sort: CommentSort = 'old', enabled = true): Comments {
  const api = useApi();
  const client = useQueryClient();
  const key = queryKeys.commentsIn(postId, sort);
  const list = usePagedList<Comment>(
    key,
    (cursor, signal) => api.call('comments.list', { params: { id: postId }, query: { cursor, sort } }, { signal }),
    undefined,
    enabled,
  );

  const add = useCallback(
    (comment: Comment) => {
      if (comment.postId !== postId) return;
      client.setQueryData<CommentPages>(queryKeys.commentsIn(postId, sort), (data) => {
        if (!data) return data;
        if (comment.parentId !== null) return withReply(data, comment);
        if (data.pages.some((page) => page.items.some((held) => held.id === comment.id))) return data;
        const last = data.pages.length - 1;
        return { ...data, pages: data.pages.map((page, index) => (index === last ? { ...page, items: [...page.items, comment] } : page)) };
      });
    },
    [client, postId, sort],
  );

  const remove = useCallback(
    (id: string) =>
      client.setQueryData<CommentPages>(
        queryKeys.commentsIn(postId, sort),
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              items: page.items
                .filter((comment) => comment.id !== id)
                .map((comment) =>
                  comment.replies?.some((reply) => reply.id === id)
                    ? {
                        ...comment,
                        replyCount: Math.max(0, (comment.replyCount ?? 1) - 1),
                        replies: comment.replies.filter((reply) => reply.id !== id),
                      }
                    : comment,
                ),
            })),
          },
      ),
    [client, postId, sort],
  );

  const refresh = useCallback(() => void client.refetchQueries({ queryKey: queryKeys.comments(postId) }), [client, postId]);

  return { ...list, add, remove, refresh };
}
