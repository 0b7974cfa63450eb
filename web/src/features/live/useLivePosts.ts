import { useEffect, useRef, useState } from 'react';
import type { Post, PostVotes } from '@contract';
import { openLiveSocket, type LiveStatus } from './liveSocket';

export type LiveHandlers = {
  /** A post entered the feeds. */
  onPublished(post: Post): void;
  /** A post left the feeds. */
  onRemoved(id: string): void;
  /** The connection is back after a drop: refetch what may have been missed. */
  onReconnect(): void;
  /** A published post's counts changed. */
  onUpdated?(id: string, votes: PostVotes, comments: number): void;
};

/** Subscribes to posts entering and leaving the feeds while mounted; returns the connection status for a small indicator. */
export function useLivePosts(url: string, handlers: LiveHandlers): LiveStatus {
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(
    () =>
      openLiveSocket({
        url,
        onPublished: (post) => latest.current.onPublished(post),
        onRemoved: (id) => latest.current.onRemoved(id),
        onUpdated: (id, votes, comments) => latest.current.onUpdated?.(id, votes, comments),
        onReconnect: () => latest.current.onReconnect(),
        onStatus: setStatus,
      }),
    [url],
  );
  return status;
}
