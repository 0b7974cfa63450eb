import { StrictMode, startTransition, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { ConfigError, loadConfig } from './lib/config';
import { earlyConfigFetch } from './lib/earlyStart';
import { createQueryClient, hydrateFromDocument, readDocumentState } from './lib/queries';
import { renderingWithoutServerMarkup } from './lib/hydration';
import './app/styles.css';

const container = document.getElementById('root')!;
// A document the page function rendered (a feed, a post, the Top, a not-found page) carries its data
// (the cache it rendered with); the app takes its markup over. Any other (the forms' routes) is the
// bare shell: the app renders it.
const documentState = readDocumentState(document);
const queryClient = createQueryClient();
if (documentState) hydrateFromDocument(queryClient, documentState);

function show(app: ReactNode) {
  if (documentState) hydrateRoot(container, app);
  else {
    renderingWithoutServerMarkup();
    createRoot(container).render(app);
  }
}

// The service worker (web/public/sw.js: offline reading, Web Push). It keeps only documents, the hashed
// build files and public reads, so Vite's development modules are never kept.
if ('serviceWorker' in navigator) {
  const register = () => void navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

loadConfig(earlyConfigFetch()).then(
  (config) =>
    // Rendered as a transition so the first render is sliced rather than one long task.
    startTransition(() =>
      show(
        <StrictMode>
          <App config={config} queryClient={queryClient} />
        </StrictMode>,
      ),
    ),
  (error: unknown) =>
    createRoot(container).render(
      <main className="narrow notice" role="alert">
        <h1>Vaya día: el sitio no ha podido arrancar</h1>
        <p>{error instanceof ConfigError ? error.message : 'No se pudo cargar la configuración del sitio.'}</p>
      </main>,
    ),
);
