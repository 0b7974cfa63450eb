import { useEffect, useRef, useState } from 'react';
import type { Comment, CommentVotes } from '@contract/comments';
import type { Post, PostVotes } from '@contract/posts';
import { connectLive } from './connect';
import type { LiveStatus } from './liveSocket';

export type LiveHandlers = {
  /** A post entered the feeds. */
  onPublished(post: Post): void;
  /** A post left the feeds. */
  onRemoved(id: string): void;
  /** The connection is back after a drop: refetch what may have been missed. */
  onReconnect(): void;
  /** A published post's counts changed. */
  onUpdated?(id: string, votes: PostVotes, comments: number): void;
  /** A new comment on the post whose page opened the socket (`liveUrl(wsUrl, postId)`). */
  onCommentCreated?(comment: Comment): void;
  /** A comment's counts changed, on the post whose page opened the socket. */
  onCommentUpdated?(id: string, votes: CommentVotes): void;
};

/** The live feed's address for a post's page: it also hears that post's new comments. */
export function liveUrl(wsUrl: string, postId?: string): string {
  if (!postId) return wsUrl;
  const url = new URL(wsUrl);
  url.searchParams.set('post', postId);
  return url.toString();
}

/** Subscribes to posts entering and leaving the feeds while mounted; returns the connection status for a small indicator. */
export function useLivePosts(url: string, handlers: LiveHandlers): LiveStatus {
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(
    () =>
      connectLive({
        url,
        onPublished: (post) => latest.current.onPublished(post),
        onRemoved: (id) => latest.current.onRemoved(id),
        onUpdated: (id, votes, comments) => latest.current.onUpdated?.(id, votes, comments),
        onCommentCreated: (comment) => latest.current.onCommentCreated?.(comment),
        onCommentUpdated: (id, votes) => latest.current.onCommentUpdated?.(id, votes),
        onReconnect: () => latest.current.onReconnect(),
        onStatus: setStatus,
      }),
    [url],
  );
  return status;
}
