/**
 * Server rendering of the app's pages, for the page function (functions/handlers/pages/page.ts): the
 * same providers and routes as the browser (app/App.tsx), under a static router at the requested
 * address, with the data the page function read. The browser's first render of that data is this
 * markup, so it takes the document over (hydrates) without a flash and without asking again.
 *
 * The document is the built app's own index.html (the "shell", with its hashed scripts and inline
 * styles): the head gets the page's title and meta tags, `#root` the rendered app, and the data goes
 * in as JSON that is never executed, on an element that also names the app's scripts, which the
 * page loads after its first paint (lib/documentScripts.ts).
 */
import type { ReactNode } from 'react';
import { prerender as prerenderToStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { SITE_NAME, type PageDataEntries, type PageHead, type RuntimeConfig } from '@contract/documents';
import { SHARE_CARD_PATHS, SHARE_CARD_SIZE, SITE_CARD_ALT } from '@contract/shareCards';
import { AppProviders } from '../app/AppProviders';
import { AppRoutes } from '../app/AppRoutes';
import { ENTRY_ATTRIBUTE, PAGE_DATA_ELEMENT_ID, PRELOAD_ATTRIBUTE } from '../lib/documentScripts';
import { createQueryClient, documentStateJson, seedFromPageData } from '../lib/queries';

/**
 * The config the server renders with. Its values reach no markup: they are used by effects (the live
 * socket, the auth service), which never run on the server; the browser's app has the real ones.
 * Addresses are well-formed (some are parsed while rendering) and can reach nothing (`.invalid`).
 */
const NO_CONFIG: RuntimeConfig = {
  region: 'none',
  userPoolId: 'none',
  userPoolClientId: 'none',
  apiUrl: 'https://server-render.invalid',
  wsUrl: 'wss://server-render.invalid',
};

/** The server signs no one in (AuthProvider loads the auth service only in the browser's effects). */
const noSignIn = () => Promise.reject(new Error('No sign-in while rendering on the server'));

/** `<div id="root">` of the shell with what the app-html markers (web/index.html) enclose. */
const ROOT = /<div id="root">[\s\S]*?<!--\/app-html-->\s*<\/div>/;

export class ShellError extends Error {}

export { preloadServerRenderedPages } from '../app/AppRoutes';

export type RenderInput = {
  /** The built index.html. */
  shell: string;
  /** The requested address: path and query string. */
  url: string;
  head: PageHead;
  data: PageDataEntries;
};

/** The whole HTML document of a page. */
export async function renderDocument({ shell, url, head, data }: RenderInput): Promise<string> {
  if (!ROOT.test(shell)) throw new ShellError('The shell has no <div id="root"> with app-html markers (web/index.html)');
  // One cache per request, holding what the page function read: the app renders from it, and the
  // browser's app starts from the same cache (lib/queries.ts).
  const queryClient = createQueryClient();
  seedFromPageData(queryClient, data);
  const json = documentStateJson(queryClient);
  const app = await renderApp(
    <AppProviders config={NO_CONFIG} queryClient={queryClient} maybeSignedIn={false} loadAuth={noSignIn}>
      <StaticRouter location={url}>
        <AppRoutes />
      </StaticRouter>
    </AppProviders>,
  );
  // The app loads after the first paint (lib/documentScripts.ts): its script tags leave the head and
  // are named on the data element, which the loader at the end of the body reads.
  const scripts = { entries: [] as string[], preloads: [] as string[] };
  const withoutScripts = shell
    .replace(/<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>\s*/g, (_tag, src: string) => {
      scripts.entries.push(src);
      return '';
    })
    .replace(/<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>\s*/g, (_tag, href: string) => {
      scripts.preloads.push(href);
      return '';
    });
  if (scripts.entries.length === 0) throw new ShellError('The shell has no entry script (<script type="module" src>)');
  // React writes (and escapes) the attributes; the JSON goes in as text that cannot end the element
  // (documentStateJson escapes every `<`).
  const dataElement = (
    await prerender(
      <script
        id={PAGE_DATA_ELEMENT_ID}
        type="application/json"
        {...{ [ENTRY_ATTRIBUTE]: scripts.entries.join(' '), [PRELOAD_ATTRIBUTE]: scripts.preloads.join(' ') }}
      />,
    )
  ).replace('></script>', () => `>${json}</script>`);
  const headMarkup = await headTags(head);
  return withoutScripts
    .replace(/<title>[\s\S]*?<\/title>/, () => headMarkup)
    .replace(/<meta\s+name="description"[^>]*>\s*/, '')
    .replace(ROOT, () => `<div id="root">${app}</div>\n    ${dataElement}`);
}

/**
 * The app's markup, whole and in order. The first time a lazy route is rendered (once per execution
 * environment) it suspends while its module loads, and React writes it out of order, with an inline
 * script that moves it into place, which the site's Content-Security-Policy blocks. Rendered again,
 * the module is loaded and the markup is in place, with no script.
 */
async function renderApp(tree: ReactNode): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    const html = await prerender(tree);
    // Text from people is escaped (`&lt;script`): a `<script` here is React's own.
    if (!html.includes('<script')) return html;
    if (attempt === 3) throw new Error('The page still needs inline scripts after three renders');
  }
}

/**
 * Markup of a tree (every lazy route rendered and waited for, as a crawler must see the whole page).
 * The page, its head tags and its data element all go through this one renderer (React DOM's static
 * prerender): the function's bundle carries no second copy (renderToStaticMarkup is React's legacy
 * renderer, another ~100 KB to load at every cold start). A component that fails on the server
 * fails the document (the page function answers 500 and logs it) rather than
 * sending a page the browser would have to render again.
 */
async function prerender(tree: ReactNode): Promise<string> {
  let failure: unknown;
  const { prelude } = await prerenderToStream(tree, {
    // React 19.2 moves a large part of the page out of order, behind an inline script (blocked by the
    // site's Content-Security-Policy) so that a stream paints sooner; a whole document needs none.
    progressiveChunkSize: Number.MAX_SAFE_INTEGER,
    onError: (error) => {
      failure ??= error;
    },
  });
  if (failure !== undefined) throw failure instanceof Error ? failure : new Error('A component failed while rendering the page');
  return new Response(prelude).text();
}

/**
 * The page's title and meta tags, written by React (which escapes every value). Every page has a share
 * card (docs/share-cards.md): its own, or the site's at the page's origin.
 */
function headTags(head: PageHead): Promise<string> {
  const image = head.image ?? { url: `${new URL(head.url).origin}${SHARE_CARD_PATHS.site}`, alt: SITE_CARD_ALT };
  return prerender(
    <>
      <title>{head.title}</title>
      <meta name="description" content={head.description} />
      {head.noindex && <meta name="robots" content="noindex" />}
      <link rel="canonical" href={head.url} />
      <meta property="og:title" content={head.title} />
      <meta property="og:description" content={head.description} />
      <meta property="og:url" content={head.url} />
      <meta property="og:type" content={head.type} />
      <meta property="og:site_name" content={SITE_NAME} />
      <meta property="og:locale" content="es_ES" />
      <meta property="og:image" content={image.url} />
      <meta property="og:image:type" content="image/png" />
      <meta property="og:image:width" content={String(SHARE_CARD_SIZE.width)} />
      <meta property="og:image:height" content={String(SHARE_CARD_SIZE.height)} />
      <meta property="og:image:alt" content={image.alt} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:image" content={image.url} />
      <meta name="twitter:image:alt" content={image.alt} />
      {head.feeds.map((feed) => (
        <link key={feed.href} rel="alternate" type="application/rss+xml" title={feed.title} href={feed.href} />
      ))}
    </>,
  );
}
