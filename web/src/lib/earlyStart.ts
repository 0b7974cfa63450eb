/**
 * `/config.json`, requested by a tiny inline script at the top of index.html before the entry script
 * has even been downloaded: the app needs it before it renders (or takes a server-rendered document
 * over), so the wait for the entry script and for the config overlap instead of adding up.
 *
 * The inline script is generated at build time (vite.config.ts); the Content-Security-Policy allows
 * it by its hash (infra/contentSecurityPolicy.ts). It is an optimisation: when the early request is
 * missing, the app makes its own.
 */

declare global {
  interface Window {
    /** Set by index.html's inline script; see earlyStartScript. */
    __vayaConfig?: Promise<Response>;
  }
}

/** The inline script's text. Plain ES2017 with no dependencies; it must never throw. */
export function earlyStartScript(): string {
  return '(function(){try{var c=window.__vayaConfig=fetch("/config.json");c.catch(function(){})}catch(x){}})()';
}

/** `fetch` for loadConfig: the early `/config.json` request once, then ordinary requests. */
export function earlyConfigFetch(): typeof fetch {
  let early = window.__vayaConfig;
  delete window.__vayaConfig;
  return (input, init) => {
    const response = early;
    early = undefined;
    return response ?? fetch(input, init);
  };
}
