import type { LiveSocketOptions } from './liveSocket';

/**
 * Opens the live socket from its own script, loaded when a page first asks for it (after the app has
 * taken the page over): the socket, and the contract's schemas that check every message, stay out of
 * the first load. Returns a function that closes it for good, whether or not the script has arrived.
 * If the script cannot be loaded (offline), the status says «reconnecting» until the page is loaded again.
 */
export function connectLive(options: LiveSocketOptions): () => void {
  let closed = false;
  let close: (() => void) | undefined;
  import('./liveSocket').then(
    ({ openLiveSocket }) => {
      if (!closed) close = openLiveSocket(options);
    },
    () => {
      if (!closed) options.onStatus?.('reconnecting');
    },
  );
  return () => {
    closed = true;
    close?.();
  };
}
