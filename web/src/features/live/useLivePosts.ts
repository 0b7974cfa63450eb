import { useEffect, useRef, useState } from 'react';
import type { Post } from '@contract';
import { openLiveSocket, type LiveStatus } from './liveSocket';

/** Subscribes to new posts while mounted; returns the connection status for a small indicator. */
export function useLivePosts(url: string, handlers: { onPost(post: Post): void; onReconnect(): void }): LiveStatus {
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(
    () =>
      openLiveSocket({
        url,
        onPost: (post) => latest.current.onPost(post),
        onReconnect: () => latest.current.onReconnect(),
        onStatus: setStatus,
      }),
    [url],
  );
  return status;
}
