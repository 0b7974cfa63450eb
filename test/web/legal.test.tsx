import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { PAGE_DATA_KEYS } from '@contract/documents';
import { legalDetailsFrom, type LegalDetails } from '@contract/legal';
import { AppProviders } from '../../web/src/app/AppProviders';
import { AppRoutes } from '../../web/src/app/AppRoutes';
import { PAGE_DATA_ELEMENT_ID } from '../../web/src/lib/documentScripts';
import { createQueryClient, documentStateJson, queryKeys, seedFromPageData } from '../../web/src/lib/queries';
import { testConfig } from './factories';

/** The pages are lazy modules: their first import may take a while on a busy machine. */
const LAZY = { timeout: 10_000 };

const noSignIn = () => Promise.reject(new Error('no sign-in in this test'));

/** The operator's details as a deployment gives them, one of them hostile markup. */
const DEPLOYED: LegalDetails = legalDetailsFrom({
  name: 'Ana <b>Pérez</b> García',
  nif: '12345678Z',
  address: 'Calle Mayor 1, 28013 Madrid',
  email: 'contacto@vayadia.example',
  region: 'eu-south-2',
});

/** The whole app, signed out, at `path`, with `details` already in the cache (as a document of the two pages carries them). */
function renderApp(path: string, details?: LegalDetails) {
  const client = createQueryClient();
  if (details) client.setQueryData(queryKeys.legal, details);
  return render(
    <AppProviders config={testConfig} queryClient={client} maybeSignedIn={false} loadAuth={noSignIn}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
      </MemoryRouter>
    </AppProviders>,
  );
}

// jsdom has no scrolling; the layout moves to the top of each new page.
beforeEach(() => vi.spyOn(window, 'scrollTo').mockImplementation(() => {}));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('«Privacidad» and «Aviso legal»', { timeout: 30_000 }, () => {
  it("every page's footer links both; each opens with the operator's details as text, never markup", async () => {
    const user = userEvent.setup();
    renderApp('/nada/de/nada', DEPLOYED);
    const footer = await screen.findByRole('contentinfo', {}, LAZY);
    expect(within(footer).getByRole('link', { name: 'Privacidad' }).getAttribute('href')).toBe('/privacidad');
    expect(within(footer).getByRole('link', { name: 'Aviso legal' }).getAttribute('href')).toBe('/aviso-legal');

    await user.click(within(footer).getByRole('link', { name: 'Aviso legal' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Aviso legal' }, LAZY)).toBeTruthy();
    const main = screen.getByRole('main');
    expect(main.textContent).toContain('Ana <b>Pérez</b> García');
    expect(main.querySelector('b')).toBeNull();
    expect(main.textContent).toContain('12345678Z');
    expect(main.textContent).toContain('Calle Mayor 1, 28013 Madrid');
    expect(within(main).getByRole('link', { name: 'contacto@vayadia.example' }).getAttribute('href')).toBe(
      'mailto:contacto@vayadia.example',
    );
    // The title is set by an effect, which may run a moment after the page's content is in the document.
    await waitFor(() => expect(document.title).toBe('Aviso legal · Vaya día'), LAZY);

    await user.click(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Privacidad' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacidad' }, LAZY)).toBeTruthy();
    const privacy = screen.getByRole('main');
    expect(privacy.textContent).toContain('la región eu-south-2 de AWS');
    expect(privacy.textContent).toContain('Descargar mis datos');
    expect(privacy.textContent).toContain('Borrar mi cuenta');
    expect(within(privacy).getAllByRole('link', { name: 'Mi cuenta' })[0]!.getAttribute('href')).toBe('/cuenta');
    expect(within(privacy).getByRole('link', { name: 'www.aepd.es' }).getAttribute('href')).toBe('https://www.aepd.es');
    expect(privacy.textContent).toContain('no te pedimos permiso con un aviso de cookies');
    await waitFor(() => expect(document.title).toBe('Privacidad · Vaya día'), LAZY);
  });

  it('without a deployment’s details shows placeholders that say so, and the region as the one deployed to', async () => {
    renderApp('/privacidad', legalDetailsFrom({}));
    await screen.findByRole('heading', { level: 1, name: 'Privacidad' }, LAZY);
    const main = screen.getByRole('main');
    expect(main.textContent).toContain('[Nombre del titular]');
    expect(main.textContent).toContain('[Correo de contacto]');
    expect(main.textContent).toContain('la región de AWS donde se despliega el sitio');
    expect(within(main).queryByRole('link', { name: '[Correo de contacto]' })).toBeNull();
  });

  it('reached without its details in the cache, reads them from the document the page function renders', async () => {
    // What the page function writes into /aviso-legal (server/renderDocument.tsx), as the browser fetches it.
    const server = createQueryClient();
    seedFromPageData(server, { [PAGE_DATA_KEYS.legal]: DEPLOYED });
    const html = `<!doctype html><html><body><div id="root"></div><script id="${PAGE_DATA_ELEMENT_ID}" type="application/json">${documentStateJson(server)}</script></body></html>`;
    const fetched = vi.fn(async (url: string) =>
      url === '/aviso-legal' ? new Response(html, { headers: { 'content-type': 'text/html' } }) : new Response('{}', { status: 404 }),
    );
    vi.stubGlobal('fetch', fetched);
    renderApp('/aviso-legal');
    expect(await screen.findByText('12345678Z', {}, LAZY)).toBeTruthy();
    expect(fetched).toHaveBeenCalledWith('/aviso-legal', expect.anything());
  });
});
