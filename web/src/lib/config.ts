import { createContext, useContext } from 'react';
import { runtimeConfigProblems, type RuntimeConfig } from '@contract/documents';

/** Thrown when /config.json cannot be read or does not have the expected shape; its message is for people. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Fetches and validates `/config.json` once, at start. Fails fast, in Spanish, naming what is wrong,
 * so a broken deployment says so instead of half-working.
 */
export async function loadConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  let response: Response;
  try {
    // main.tsx passes lib/earlyStart's fetch, which answers with the request index.html already made.
    response = await fetchImpl('/config.json');
  } catch {
    throw new ConfigError('No se pudo descargar la configuración del sitio (/config.json). Comprueba tu conexión y recarga la página.');
  }
  if (!response.ok) {
    throw new ConfigError(`No se pudo descargar la configuración del sitio (/config.json): respuesta ${response.status}.`);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new ConfigError('La configuración del sitio (/config.json) no es un JSON válido.');
  }
  const problems = runtimeConfigProblems(body);
  if (problems.length > 0) {
    throw new ConfigError(`La configuración del sitio (/config.json) no es válida: revisa ${problems.join(', ')}.`);
  }
  return body as RuntimeConfig;
}

export const ConfigContext = createContext<RuntimeConfig | null>(null);

export function useConfig(): RuntimeConfig {
  const config = useContext(ConfigContext);
  if (!config) throw new Error('useConfig needs a ConfigContext provider');
  return config;
}
