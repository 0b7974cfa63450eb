import { describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router-dom';
import { PAGE_DATA_KEYS } from '@contract/documents';
import type { DehydratedState } from '@tanstack/react-query';
import { createQueryClient, documentStateJson, hydrateFromDocument, seedFromPageData } from '../../web/src/lib/queries';
import { ApiError } from '../../web/src/lib/api';
import { ERRORS } from '@contract/errors';
import type { Post } from '@contract/posts';
import { FeedRoute } from '../../web/src/app/routes/FeedRoute';
import { ApiContext, type ApiClient } from '../../web/src/lib/api';
import { ConfigContext } from '../../web/src/lib/config';
import { aPost, fakeApiClient, testConfig as config, type FakeRoute } from './factories';
import { FakeSocket, withFakeSockets } from './fakeSocket';
import { WithQueries } from './queries';

/** 25 posts, newest first; the fake API pages them 20 at a time like the real one. */
function fakeApi(all: Post[]) {
  const listPosts = vi.fn<FakeRoute<'posts.list'>>(async ({ query = {} }) => {
    const { category, cursor } = query;
    const limit = query.limit ?? 20;
    const matching = all.filter((post) => !category || post.category === category);
    const start = cursor ? Number(cursor) : 0;
    const items = matching.slice(start, start + limit);
    return { items, nextCursor: start + limit < matching.length ? String(start + limit) : null };
  });
  const api: ApiClient = fakeApiClient({ 'posts.list': listPosts });
  return { api, listPosts };
}

function renderAt(path: string, api: ApiClient, state?: unknown, client = createQueryClient()) {
  return render(
    <ConfigContext.Provider value={config}>
      <ApiContext.Provider value={api}>
        <WithQueries client={client}>
          <MemoryRouter initialEntries={[{ pathname: path, state }]}>
            <Routes>
              <Route path="/" element={<FeedRoute />} />
              <Route path="/category/:category" element={<FeedRoute />} />
              <Route path="/post/:id" element={<BackButton />} />
            </Routes>
          </MemoryRouter>
        </WithQueries>
      </ApiContext.Provider>
    </ConfigContext.Provider>,
  );
}

/** The page a card links to, reduced to the browser's «atrás». */
function BackButton() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(-1)}>
      Atrás
    </button>
  );
}

function shownTexts(): string[] {
  return within(screen.getByRole('list', { name: /Anécdotas/ }))
    .getAllByRole('article')
    .map((article) => article.querySelector('.post-card__text')!.textContent);
}

withFakeSockets();

describe('FeedRoute', () => {
  it('pages 20 at a time, merges live posts at the top and never shows a post twice', async () => {
    const user = userEvent.setup();
    const all = Array.from({ length: 25 }, (_, i) => aPost({ minutesAgo: i + 1, post: `historia ${i + 1}` }));
    const { api } = fakeApi(all);
    renderAt('/', api);

    await screen.findByText('historia 1');
    expect(shownTexts()).toHaveLength(20);
    await FakeSocket.made();
    act(() => FakeSocket.latest().open());

    const live = aPost({ minutesAgo: 0, post: 'recién llegada', category: 'trabajo' });
    act(() => FakeSocket.latest().send({ type: 'post.published', post: live }));
    act(() => FakeSocket.latest().send({ type: 'post.published', post: live }));
    expect(shownTexts()[0]).toBe('recién llegada');

    await user.click(screen.getByRole('button', { name: 'Cargar más' }));
    await screen.findByText('historia 25');
    const texts = shownTexts();
    expect(texts).toHaveLength(26);
    expect(new Set(texts).size).toBe(26);
    expect(screen.queryByRole('button', { name: 'Cargar más' })).toBeNull();
  });

  it('drops a post that leaves the feeds live (removed or hidden), and ignores the message twice', async () => {
    const all = [aPost({ minutesAgo: 1, post: 'se queda' }), aPost({ minutesAgo: 2, post: 'se va' })];
    const { api } = fakeApi(all);
    renderAt('/', api);
    await screen.findByText('se va');
    await FakeSocket.made();
    act(() => FakeSocket.latest().open());
    act(() => FakeSocket.latest().send({ type: 'post.removed', id: all[1]!.id }));
    act(() => FakeSocket.latest().send({ type: 'post.removed', id: all[1]!.id }));
    expect(shownTexts()).toEqual(['se queda']);
  });

  it('says after Enviar that the post is in moderation, with a link to «Mis anécdotas», until closed', async () => {
    const user = userEvent.setup();
    const { api } = fakeApi([aPost({ post: 'otra' })]);
    renderAt('/', api, { sent: 'p-new' });
    const notice = (await screen.findByText(/en moderación/)).closest<HTMLElement>('[role="status"]')!;
    expect(within(notice).getByRole('link', { name: 'Mis anécdotas' }).getAttribute('href')).toBe('/mis-anecdotas');
    await user.click(within(notice).getByRole('button', { name: 'Cerrar el aviso' }));
    expect(screen.queryByText(/en moderación/)).toBeNull();
  });

  it('re-reads the first page after a reconnect and merges what was missed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const all = [aPost({ minutesAgo: 2, post: 'vieja' })];
      const { api, listPosts } = fakeApi(all);
      renderAt('/', api);
      await screen.findByText('vieja');
      await FakeSocket.made();
      act(() => FakeSocket.latest().open());
      act(() => FakeSocket.latest().drop());
      all.unshift(aPost({ minutesAgo: 1, post: 'perdida mientras tanto' }));
      await act(async () => vi.advanceTimersByTimeAsync(1_000));
      act(() => FakeSocket.latest().open());
      await screen.findByText('perdida mientras tanto');
      expect(listPosts).toHaveBeenCalledTimes(2);
      expect(shownTexts()).toEqual(['perdida mientras tanto', 'vieja']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('on a category page shows only that category, live posts included', async () => {
    const all = [aPost({ category: 'amor', post: 'de amor' }), aPost({ category: 'trabajo', post: 'de trabajo' })];
    const { api, listPosts } = fakeApi(all);
    renderAt('/category/amor', api);
    await screen.findByText('de amor');
    expect(listPosts).toHaveBeenCalledWith({ query: expect.objectContaining({ category: 'amor' }) }, expect.anything());
    expect(screen.queryByText('de trabajo')).toBeNull();
    await FakeSocket.made();
    act(() => FakeSocket.latest().open());
    act(() =>
      FakeSocket.latest().send({ type: 'post.published', post: aPost({ minutesAgo: 0, category: 'trabajo', post: 'otro trabajo' }) }),
    );
    act(() => FakeSocket.latest().send({ type: 'post.published', post: aPost({ minutesAgo: 0, category: 'amor', post: 'otro amor' }) }));
    expect(shownTexts()).toEqual(['otro amor', 'de amor']);
    expect(screen.getByRole('link', { name: 'amor', current: 'page' })).toBeTruthy();
  });

  it('says "categoría desconocida" for an unknown category and asks nothing of the API', () => {
    const { api, listPosts } = fakeApi([]);
    renderAt('/category/cocina', api);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toMatch(/categoría desconocida/i);
    expect(listPosts).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: 'TagsCategorys' })).toBeTruthy();
  });

  it('shows the first page the document was rendered with at once, without asking again; a later visit asks', async () => {
    const { api, listPosts } = fakeApi([aPost({ category: 'amor', post: 'de la API' })]);
    // What the page function does (server/renderDocument.tsx) and what the browser does with it (main.tsx).
    const server = createQueryClient();
    seedFromPageData(server, {
      [PAGE_DATA_KEYS.feed('amor')]: { items: [aPost({ category: 'amor', post: 'del documento' })], nextCursor: null },
    });
    const browser = createQueryClient();
    hydrateFromDocument(browser, JSON.parse(documentStateJson(server)) as DehydratedState);
    const first = renderAt('/category/amor', api, undefined, browser);
    expect(screen.getByText('del documento')).toBeTruthy();
    await act(async () => {});
    expect(listPosts).not.toHaveBeenCalled();
    first.unmount();

    // Another load of the site (a new cache) reads from the API.
    renderAt('/category/amor', api);
    expect(await screen.findByText('de la API')).toBeTruthy();
    expect(listPosts).toHaveBeenCalledTimes(1);
  });

  it('going back to the home list shows the pages read at once, without a request', async () => {
    const user = userEvent.setup();
    const all = Array.from({ length: 25 }, (_, i) => aPost({ minutesAgo: i + 1, post: `anécdota ${i + 1}` }));
    const { api, listPosts } = fakeApi(all);
    renderAt('/', api);
    await screen.findByText('anécdota 1');
    await user.click(screen.getByRole('button', { name: 'Cargar más' }));
    await screen.findByText('anécdota 25');
    expect(listPosts).toHaveBeenCalledTimes(2);
    await user.click(screen.getAllByRole('link', { name: /Enlace permanente/ }).at(-1)!);
    expect(screen.queryByRole('list', { name: /Anécdotas/ })).toBeNull();

    // Back on `/`: both pages at once, in the first render after «atrás», and nothing asked.
    await user.click(screen.getByRole('button', { name: 'Atrás' }));
    expect(shownTexts()).toHaveLength(25);
    await act(async () => {});
    expect(listPosts).toHaveBeenCalledTimes(2);
  });

  it('says when the first page cannot be read and tries again; a failed «Cargar más» keeps what is shown', async () => {
    const user = userEvent.setup();
    const all = Array.from({ length: 25 }, (_, i) => aPost({ minutesAgo: i + 1 }));
    const { api, listPosts } = fakeApi(all);
    const read = listPosts.getMockImplementation()!;
    const failure = new ApiError(ERRORS.INTERNAL_ERROR.message, 500, 'INTERNAL_ERROR');
    listPosts.mockRejectedValueOnce(failure);
    renderAt('/', api);
    await screen.findByText(ERRORS.INTERNAL_ERROR.message);
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    await screen.findByRole('button', { name: 'Cargar más' });
    expect(shownTexts()).toHaveLength(20);

    listPosts.mockRejectedValueOnce(failure);
    await user.click(screen.getByRole('button', { name: 'Cargar más' }));
    await screen.findByText(ERRORS.INTERNAL_ERROR.message);
    expect(shownTexts()).toHaveLength(20);
    listPosts.mockImplementation(read);
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    await screen.findByText(all[24]!.post);
    expect(shownTexts()).toHaveLength(25);
  });

  it('shows an empty state when there are no posts', async () => {
    renderAt('/', fakeApi([]).api);
    expect(await screen.findByText(/Todavía no hay anécdotas/)).toBeTruthy();
  });

  it('renders post text as text, never as HTML', async () => {
    const evil = '<img src=x onerror=alert(1)>';
    renderAt('/', fakeApi([aPost({ post: evil })]).api);
    expect(await screen.findByText(evil)).toBeTruthy();
    expect(document.querySelector('img')).toBeNull();
  });
});
