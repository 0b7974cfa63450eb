import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ERRORS } from '@contract/errors';
import { type PostPage } from '@contract/posts';
import SearchPage from '../../web/src/features/search/SearchPage';
import { SearchForm } from '../../web/src/app/SearchForm';
import { ApiContext, ApiError, type ApiClient } from '../../web/src/lib/api';
import { ConfigContext } from '../../web/src/lib/config';
import { aPost, fakeApiClient, testConfig as config, type FakeRoute } from './factories';
import { SignedIn, WithQueries } from './queries';

function renderAt(api: ApiClient, path: string, extra?: ReactNode) {
  return render(
    <ConfigContext.Provider value={config}>
      <ApiContext.Provider value={api}>
        <WithQueries>
          <SignedIn as={null}>
            <MemoryRouter initialEntries={[path]}>
              {extra}
              <Routes>
                <Route path="/buscar" element={<SearchPage />} />
              </Routes>
            </MemoryRouter>
          </SignedIn>
        </WithQueries>
      </ApiContext.Provider>
    </ConfigContext.Provider>,
  );
}

const results = () => screen.getByRole('list', { name: /Resultados de/ });

describe('/buscar', () => {
  it('keeps the query in the box, asks the API once with it and marks the matching words (as text, never HTML)', async () => {
    const post = aPost({ name: 'rocio', post: 'Trabajando con el <b>camión</b> averiado, otra vez.' });
    const search = vi.fn<FakeRoute<'search.posts'>>(async (): Promise<PostPage> => ({ items: [post], nextCursor: null }));
    renderAt(fakeApiClient({ 'search.posts': search, 'saved.ids': vi.fn(async () => ({ ids: [] })) }), '/buscar?q=trabajo%20camion');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Resultados de «trabajo camion»');
    expect(screen.getByLabelText<HTMLInputElement>('Palabras que buscas').value).toBe('trabajo camion');
    await vi.waitFor(() => expect(within(results()).getAllByRole('article')).toHaveLength(1));
    expect(search).toHaveBeenCalledTimes(1);
    expect(search.mock.calls[0]![0]).toEqual({
      query: expect.objectContaining({ q: 'trabajo camion', category: undefined, cursor: null }),
    });
    const marks = [...results().querySelectorAll('mark')].map((mark) => mark.textContent);
    expect(marks).toEqual(['Trabajando', 'camión']);
    // The angle brackets of the text are text.
    expect(results().querySelector('b')).toBeNull();
    expect(within(results()).getByText((_, element) => element?.className === 'post-card__text').textContent).toBe(post.post);
  });

  it('loads the next page with «Cargar más»', async () => {
    const user = userEvent.setup();
    const first = aPost({ post: 'Un lunes horrible.' });
    const second = aPost({ post: 'Otro lunes peor.' });
    const search = vi.fn<FakeRoute<'search.posts'>>(async ({ query }) =>
      query?.cursor === 'c2' ? { items: [second], nextCursor: null } : { items: [first], nextCursor: 'c2' },
    );
    renderAt(fakeApiClient({ 'search.posts': search, 'saved.ids': vi.fn(async () => ({ ids: [] })) }), '/buscar?q=lunes');
    await vi.waitFor(() => expect(within(results()).getAllByRole('article')).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Cargar más' }));
    await vi.waitFor(() => expect(within(results()).getAllByRole('article')).toHaveLength(2));
    expect(screen.queryByRole('button', { name: 'Cargar más' })).toBeNull();
  });

  it('suggests the categories when nothing matches', async () => {
    const search = vi.fn<FakeRoute<'search.posts'>>(async (): Promise<PostPage> => ({ items: [], nextCursor: null }));
    renderAt(fakeApiClient({ 'search.posts': search }), '/buscar?q=ornitorrinco&category=amor');
    const empty = await screen.findByText(/No encontramos anécdotas de amor con todas esas palabras/);
    expect(within(empty).getByRole('link', { name: 'familia' }).getAttribute('href')).toBe('/category/familia');
    expect(search.mock.calls[0]![0]).toEqual({ query: expect.objectContaining({ q: 'ornitorrinco', category: 'amor' }) });
    expect(screen.getByRole('link', { name: 'Buscar en todas las categorías' }).getAttribute('href')).toBe('/buscar?q=ornitorrinco');
  });

  it('says what is wrong with a query the API refuses, in Spanish', async () => {
    const search = vi.fn<FakeRoute<'search.posts'>>(async (): Promise<PostPage> => {
      throw new ApiError(ERRORS.INVALID_QUERY.message, 400, 'INVALID_QUERY');
    });
    renderAt(fakeApiClient({ 'search.posts': search }), '/buscar?q=%21%21%21');
    expect(await screen.findByText(ERRORS.INVALID_QUERY.message)).toBeTruthy();
  });

  it('asks for words, and asks the API nothing, without a query', () => {
    const search = vi.fn();
    renderAt(fakeApiClient({ 'search.posts': search }), '/buscar');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Buscar anécdotas');
    expect(screen.getByText(/Escribe una o varias palabras/)).toBeTruthy();
    expect(search).not.toHaveBeenCalled();
  });
});

describe('the header search form', () => {
  it('is a labelled GET form to /buscar, so it works before the scripts load', () => {
    renderAt(fakeApiClient({}), '/buscar', <SearchForm />);
    const box = screen.getByRole('searchbox', { name: 'Buscar anécdotas' });
    const form = box.closest('form')!;
    expect(form.getAttribute('action')).toBe('/buscar');
    expect(form.getAttribute('method')).toBe('get');
    expect(box.getAttribute('name')).toBe('q');
  });
});
