import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { appDocument, type AppPageDeps } from '../../functions/domain/appPages';

/** The pages only the browser renders, as web/src/app/ClientRoutes.tsx declares them. */
const CLIENT_ROUTES = [
  ...readFileSync(new URL('../../web/src/app/ClientRoutes.tsx', import.meta.url), 'utf8').matchAll(/\bpath="([a-z/-]+)"/g),
].map((match) => `/${match[1]}`);

/** A shell reads no table: the stores are there for the type, never asked. */
const deps = {} as unknown as AppPageDeps;

describe('the pages only the browser renders', () => {
  it('are each served as the bare app (never the not-found page, which the app would then take over with a mismatch)', async () => {
    expect(CLIENT_ROUTES).toContain('/moderar/recursos');
    for (const path of CLIENT_ROUTES) {
      const page = await appDocument(deps, path, new URLSearchParams(), 'https://vayadia.es');
      expect(page.kind, path).toBe('shell');
    }
  });
});
