import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { ConfigError, loadConfig } from './lib/config';
import { createApiClient } from './lib/api';
import { prefetch } from './lib/prefetch';
import { earlyConfigFetch, earlyFeedFetch } from './lib/earlyStart';
import { feedKey, feedPathCategory } from './lib/feedPage';
import { DEFAULT_PAGE_SIZE, isCategory, type RuntimeConfig } from '@contract';
import './app/styles.css';

const root = createRoot(document.getElementById('root')!);

/**
 * On a feed page, asks for the first page now, while React renders (useFeed picks it up); usually
 * index.html's inline script has already asked for it (lib/earlyStart.ts), and that answer is used.
 */
function prefetchFeed(config: RuntimeConfig) {
  const category = feedPathCategory(window.location.pathname);
  if (category === null || (category !== undefined && !isCategory(category))) return;
  const api = createApiClient({ apiUrl: config.apiUrl, getIdToken: () => Promise.resolve(null), fetchImpl: earlyFeedFetch(category) });
  prefetch(feedKey(category), () => api.listPosts({ category, limit: DEFAULT_PAGE_SIZE }));
}

loadConfig(earlyConfigFetch()).then(
  (config) => {
    prefetchFeed(config);
    // Rendered as a transition so the first render is sliced rather than one long task.
    startTransition(() =>
      root.render(
        <StrictMode>
          <App config={config} />
        </StrictMode>,
      ),
    );
  },
  (error: unknown) =>
    root.render(
      <main className="narrow notice" role="alert">
        <h1>Vaya día: el sitio no ha podido arrancar</h1>
        <p>{error instanceof ConfigError ? error.message : 'No se pudo cargar la configuración del sitio.'}</p>
      </main>,
    ),
);
