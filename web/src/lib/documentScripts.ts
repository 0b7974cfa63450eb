/**
 * How a server-rendered page loads the app: after its first paint. The page function
 * (web/src/server/renderDocument.tsx) takes the entry script and its module preloads out of the
 * document's head and names them on the page's data element; the inline script below (the last thing
 * in index.html's body, allowed by its hash in the CSP) adds them once the page has painted. The posts
 * are in the HTML, so nothing a visitor sees waits for the scripts, and the scripts' download no
 * longer competes with the document's. Pages that are not server-rendered (the forms) keep their
 * script tags and load as before.
 *
 * No imports: vite.config.ts loads this file (through its own import) outside the app's aliases.
 */

/** The id of the element that carries a rendered page's data (see lib/queries.ts). */
export const PAGE_DATA_ELEMENT_ID = 'vaya-datos';
/** On that element: the module scripts' addresses (the entry; in development also Vite's client), separated by spaces. */
export const ENTRY_ATTRIBUTE = 'data-entry';
/** On that element: the module preloads' addresses, separated by spaces. */
export const PRELOAD_ATTRIBUTE = 'data-preload';

/**
 * The inline script's text. Plain ES5 with no dependencies; it must never throw. It loads the app
 * once the browser reports the first contentful paint (Paint Timing), or after the next frame where
 * that is not reported, and in any case after 1.5 s (a background tab paints nothing).
 */
export function afterPaintLoaderScript(): string {
  return `(function(){try{var d=document.getElementById(${JSON.stringify(PAGE_DATA_ELEMENT_ID)}),e=d&&d.getAttribute(${JSON.stringify(ENTRY_ATTRIBUTE)});if(!e)return;var done=0,load=function(){if(done)return;done=1;var p=(d.getAttribute(${JSON.stringify(PRELOAD_ATTRIBUTE)})||"").split(" ");for(var i=0;i<p.length;i++)if(p[i]){var l=document.createElement("link");l.rel="modulepreload";l.crossOrigin="";l.href=p[i];document.head.appendChild(l)}e=e.split(" ");for(i=0;i<e.length;i++)if(e[i]){var s=document.createElement("script");s.type="module";s.crossOrigin="";s.src=e[i];document.head.appendChild(s)}};var P=window.PerformanceObserver;if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf("paint")>=0){var o=new P(function(l){if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();setTimeout(load,0)}});o.observe({type:"paint",buffered:true})}else requestAnimationFrame(function(){setTimeout(load,0)});setTimeout(load,1500)}catch(x){load&&load()}})()`;
}
