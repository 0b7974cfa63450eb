import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { ConfigError, loadConfig } from './lib/config';
import './app/styles.css';

const root = createRoot(document.getElementById('root')!);

loadConfig().then(
  (config) =>
    root.render(
      <StrictMode>
        <App config={config} />
      </StrictMode>,
    ),
  (error: unknown) =>
    root.render(
      <main className="narrow notice" role="alert">
        <h1>Vaya día: el sitio no ha podido arrancar</h1>
        <p>{error instanceof ConfigError ? error.message : 'No se pudo cargar la configuración del sitio.'}</p>
      </main>,
    ),
);
