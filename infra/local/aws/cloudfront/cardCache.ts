/**
 * CloudFront's `/og/*` behaviour, locally: the image function's answers kept by path and `v` (the
 * cache policy's key) for as long as their `s-maxage` says — a day for a card, seconds for a
 * redirect or a 404 — so a card that stopped being public stays visible here exactly as it would
 * behind CloudFront, until an invalidation (invalidations.ts) drops it.
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2 } from 'aws-lambda';

type Invoke = (event: APIGatewayProxyEventV2) => Promise<unknown>;
type Kept = { result: unknown; until: number };

/** More than the cards a local site shows in a session; the oldest go first past it. */
const MAX_KEPT = 1_000;

function sharedMaxAge(result: unknown): number {
  const headers = (result as APIGatewayProxyResultV2 & { headers?: Record<string, unknown> }).headers ?? {};
  const value = headers['cache-control'] ?? headers['Cache-Control'];
  const control = typeof value === 'string' ? value : '';
  const match = /(?:^|,)\s*s-maxage=(\d+)/.exec(control) ?? /(?:^|,)\s*max-age=(\d+)/.exec(control);
  return /no-store|private/.test(control) || !match ? 0 : Number(match[1]);
}

export class LocalCardCache {
  private readonly kept = new Map<string, Kept>();

  constructor(private readonly now: () => number = Date.now) {}

  /** The image function behind the cache: a GET of a kept answer never reaches it. */
  inFrontOf(invoke: Invoke): Invoke {
    return async (event) => {
      if (event.requestContext.http.method !== 'GET') return invoke(event);
      const key = `${event.rawPath}?v=${new URLSearchParams(event.rawQueryString).get('v') ?? ''}`;
      const hit = this.kept.get(key);
      if (hit && hit.until > this.now()) return hit.result;
      const result = await invoke(event);
      const seconds = sharedMaxAge(result);
      this.kept.delete(key);
      if (seconds > 0) {
        this.kept.set(key, { result, until: this.now() + seconds * 1000 });
        if (this.kept.size > MAX_KEPT) this.kept.delete(this.kept.keys().next().value as string);
      }
      return result;
    };
  }

  /** Drops what `paths` name, as a CloudFront invalidation does: exact paths with their query, or a prefix ending in `*`. */
  forget(paths: readonly string[]): number {
    let dropped = 0;
    for (const path of paths) {
      for (const key of [...this.kept.keys()]) {
        if (path.endsWith('*') ? key.startsWith(path.slice(0, -1)) : key === path) dropped += Number(this.kept.delete(key));
      }
    }
    return dropped;
  }
}
