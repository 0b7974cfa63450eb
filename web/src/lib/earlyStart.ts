/**
 * Requests started by a tiny inline script at the top of index.html, before the entry script has
 * even been downloaded: `/config.json` and, on a feed page, the feed's first page. The API is served
 * under the site's own origin (CloudFront's `/posts*` behaviour, the local web server's proxy), so
 * the script asks for `/posts?…` at once, on the page's own connection, without waiting for the
 * config. The app takes both over once it runs, so the largest paint (the first post) no longer
 * waits for entry script → config → API one after the other.
 *
 * The inline script is generated at build time (vite.config.ts) from the contract's categories and
 * page size; the Content-Security-Policy allows it by its hash (infra/contentSecurityPolicy.ts).
 * Everything here is an optimisation: when an early request is missing, failed or was for another
 * address (an `apiUrl` other than the site's origin), the app makes its own request as before.
 */
// With its extension, like vite.config.ts's imports: the config loads this file (Vite's native loader needs it).
import { FEED_KEY_PREFIX, FEED_PATH, feedKey } from './feedPage.ts';

/** A feed's first page requested early: the address asked for and its response. */
export type EarlyPage = { url: string; response: Response };

type EarlyRequests = Record<string, Promise<unknown> | undefined>;

declare global {
  interface Window {
    /** Set by index.html's inline script; see earlyStartScript. */
    __vayaEarly?: EarlyRequests;
  }
}

export const EARLY_CONFIG_KEY = 'config';

/**
 * The inline script's text. Plain ES2017 with no dependencies; it must never throw. On a feed page
 * (lib/feedPage.ts: `/`, or `/category/<known category>`) it asks for the first page at the address
 * `createApiClient({ apiUrl: location.origin }).listPosts({ category, limit })` would use.
 */
export function earlyStartScript(categories: readonly string[], pageSize: number): string {
  return `(function(){try{var e=window.__vayaEarly={},c=fetch("/config.json");e.${EARLY_CONFIG_KEY}=c;c.catch(function(){});var m=${String(FEED_PATH)}.exec(location.pathname);if(!m||(m[1]&&${JSON.stringify(categories)}.indexOf(m[1])<0))return;var k=m[1]||"",u="/posts?"+(k?"category="+k+"&":"")+"limit=${pageSize}",p=e[${JSON.stringify(FEED_KEY_PREFIX)}+k]=fetch(u).then(function(r){return{url:location.origin+u,response:r}});p.catch(function(){})}catch(x){}})()`;
}

function take<T>(key: string): Promise<T> | undefined {
  const early = window.__vayaEarly;
  const promise = early?.[key] as Promise<T> | undefined;
  if (early) delete early[key];
  return promise;
}

/** `fetch` for loadConfig: the early `/config.json` request once, then ordinary requests. */
export function earlyConfigFetch(): typeof fetch {
  let early = take<Response>(EARLY_CONFIG_KEY);
  return (input, init) => {
    const response = early;
    early = undefined;
    return response ?? fetch(input, init);
  };
}

/**
 * `fetch` for the feed's first page: answers with the early response when it is for the same
 * address, and makes the request itself otherwise (no early request, a failed one, another URL).
 */
export function earlyFeedFetch(category?: string): typeof fetch {
  let early = take<EarlyPage>(feedKey(category));
  return async (input, init) => {
    const pending = early;
    early = undefined;
    const page = await pending?.catch(() => undefined);
    if (page && page.url === (input instanceof Request ? input.url : String(input))) return page.response;
    return fetch(input, init);
  };
}
