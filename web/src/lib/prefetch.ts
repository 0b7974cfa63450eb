/**
 * One-shot hand-over of requests started before React renders (e.g. the first page of the feed,
 * started as soon as /config.json is read), so the page does not wait for its first render to ask.
 */
const pending = new Map<string, Promise<unknown>>();

export function prefetch<T>(key: string, start: () => Promise<T>): void {
  const promise = start();
  promise.catch(() => {
    // whoever takes it handles the error; unclaimed failures are dropped
  });
  pending.set(key, promise);
}

/** The prefetched request for `key`, once; later calls get undefined and make their own request. */
export function takePrefetched<T>(key: string): Promise<T> | undefined {
  const promise = pending.get(key) as Promise<T> | undefined;
  pending.delete(key);
  return promise;
}
