import { describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { Route, Routes } from 'react-router-dom';
import { ERRORS } from '@contract/errors';
import { type Post } from '@contract/posts';
import AuthorPage from '../../web/src/features/authors/AuthorPage';
import { FeedView } from '../../web/src/components/FeedView';
import { ApiError, type ApiClient } from '../../web/src/lib/api';
import { aPost, feedOf, fakeApiClient } from './factories';
import { providers } from './queries';

const card = (post: Post) => within(screen.getByRole('article', { name: new RegExp(post.name) }));
const saveButton = (post: Post) => card(post).getByRole('button', { name: /Guardar|Guardada/ });

describe('«Guardar» on the cards', () => {
  it('asks which of a page of cards are saved in one call, and shows those pressed', async () => {
    const posts = [aPost({ name: 'uno' }), aPost({ name: 'dos' }), aPost({ name: 'tres' })];
    const savedIds = vi.fn(async () => ({ ids: [posts[1]!.id] }));
    render(providers(fakeApiClient({ 'saved.ids': savedIds }), 'lucia', <FeedView feed={feedOf(posts)} emptyText="" />));
    await vi.waitFor(() => expect(saveButton(posts[1]!).getAttribute('aria-pressed')).toBe('true'));
    expect(saveButton(posts[1]!).textContent).toBe('Guardada');
    expect(saveButton(posts[0]!).getAttribute('aria-pressed')).toBe('false');
    expect(savedIds).toHaveBeenCalledTimes(1);
    expect(savedIds).toHaveBeenCalledWith({ query: { ids: posts.map((post) => post.id).join(',') } });
  });

  it('saves and unsaves with a press', async () => {
    const user = userEvent.setup();
    const post = aPost({ name: 'carmen' });
    const savePost = vi.fn(async () => undefined);
    const unsavePost = vi.fn(async () => undefined);
    render(
      providers(
        fakeApiClient({ 'saved.ids': vi.fn(async () => ({ ids: [] })), 'saved.save': savePost, 'saved.unsave': unsavePost }),
        'lucia',
        <FeedView feed={feedOf([post])} emptyText="" />,
      ),
    );
    await vi.waitFor(() => expect(saveButton(post).getAttribute('aria-pressed')).toBe('false'));
    await user.click(saveButton(post));
    expect(savePost).toHaveBeenCalledWith({ params: { id: post.id } });
    await vi.waitFor(() => expect(saveButton(post).getAttribute('aria-pressed')).toBe('true'));
    await user.click(saveButton(post));
    expect(unsavePost).toHaveBeenCalledWith({ params: { id: post.id } });
    await vi.waitFor(() => expect(saveButton(post).getAttribute('aria-pressed')).toBe('false'));
  });

  it('asks a signed-out reader to sign in, without calling the API', async () => {
    const user = userEvent.setup();
    const post = aPost({ name: 'nuria' });
    const savedIds = vi.fn(() => Promise.reject(new Error('not expected')));
    const savePost = vi.fn(() => Promise.reject(new Error('not expected')));
    render(
      providers(fakeApiClient({ 'saved.ids': savedIds, 'saved.save': savePost }), null, <FeedView feed={feedOf([post])} emptyText="" />),
    );
    await user.click(saveButton(post));
    await screen.findByText(/Inicia sesión para guardar anécdotas/);
    expect(card(post).getByRole('link', { name: 'Iniciar sesión' }).getAttribute('href')).toBe('/login');
    expect(savedIds).not.toHaveBeenCalled();
    expect(savePost).not.toHaveBeenCalled();
  });

  it('shows «Guardada» at once, and when saving fails says why and puts it back', async () => {
    const user = userEvent.setup();
    const post = aPost({ name: 'pablo' });
    let refuse: (error: unknown) => void = () => {};
    const savePost = vi.fn(() => new Promise<void>((_resolve, reject) => (refuse = reject)));
    render(
      providers(
        fakeApiClient({ 'saved.ids': vi.fn(async () => ({ ids: [] })), 'saved.save': savePost }),
        'lucia',
        <FeedView feed={feedOf([post])} emptyText="" />,
      ),
    );
    await vi.waitFor(() => expect(saveButton(post).getAttribute('aria-pressed')).toBe('false'));
    await user.click(saveButton(post));
    // Before the API has answered.
    expect(saveButton(post).getAttribute('aria-pressed')).toBe('true');
    expect(saveButton(post).textContent).toBe('Guardada');
    act(() => refuse(new ApiError(ERRORS.ACCOUNT_SUSPENDED.message, 403, 'ACCOUNT_SUSPENDED')));
    await screen.findByText(ERRORS.ACCOUNT_SUSPENDED.message);
    expect(saveButton(post).getAttribute('aria-pressed')).toBe('false');
  });
});

describe('author names', () => {
  it('link to the author page, but «Anonimo» stays plain text', () => {
    const named = aPost({ name: 'María José' });
    const anonymous = aPost({ name: 'Anonimo' });
    render(
      providers(
        fakeApiClient({ 'saved.ids': vi.fn(async () => ({ ids: [] })) }),
        null,
        <FeedView feed={feedOf([named, anonymous])} emptyText="" />,
      ),
    );
    expect(card(named).getByRole('link', { name: 'María José' }).getAttribute('href')).toBe('/autor/Mar%C3%ADa%20Jos%C3%A9');
    expect(card(anonymous).queryByRole('link', { name: 'Anonimo' })).toBeNull();
  });
});

describe('/autor/:apodo', () => {
  const route = (api: ApiClient, path: string) =>
    providers(
      api,
      null,
      <Routes>
        <Route path="/autor/:apodo" element={<AuthorPage />} />
      </Routes>,
      path,
    );

  it('shows the apodo, since when, the totals and the posts', async () => {
    const posts = [aPost({ name: 'María José', post: 'La fotocopiadora me odia.' })];
    const author = vi.fn(async () => ({
      name: 'María José',
      since: '2026-03-10T10:00:00.000Z',
      posts: 1,
      votes: { agree: 7, deserved: 1 },
    }));
    const authorPosts = vi.fn(async () => ({ items: posts, nextCursor: null }));
    render(route(fakeApiClient({ 'authors.get': author, 'authors.posts': authorPosts }), '/autor/maria%20jose'));
    expect(await screen.findByRole('heading', { level: 1, name: 'María José' })).toBeTruthy();
    expect(screen.getByText('marzo de 2026').closest('p')?.textContent).toBe('Desde marzo de 2026');
    expect(screen.getByText('1 anécdota')).toBeTruthy();
    expect(screen.getByText('7 votos')).toBeTruthy();
    expect(await screen.findByText('La fotocopiadora me odia.')).toBeTruthy();
    expect(author).toHaveBeenCalledWith({ params: { name: 'maria jose' } }, expect.anything());
  });

  it('moves to the new apodo’s address when the API answered for a renamed account (its 301 followed)', async () => {
    const author = vi.fn(async () => ({ name: 'Nombre Nuevo', since: null, posts: 1, votes: { agree: 0, deserved: 0 } }));
    const authorPosts = vi.fn(async (_input: { params: { name: string } }) => ({
      items: [aPost({ name: 'Nombre Nuevo', post: 'Mi suegra y el GPS.' })],
      nextCursor: null,
    }));
    render(route(fakeApiClient({ 'authors.get': author, 'authors.posts': authorPosts }), '/autor/Nombre%20Viejo'));
    expect(await screen.findByText('Mi suegra y el GPS.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Nombre Nuevo' })).toBeTruthy();
    // The list is read at the new address only; the profile is not asked for again.
    expect(authorPosts.mock.calls.map(([input]) => input.params.name)).toEqual(['Nombre Nuevo']);
    expect(author).toHaveBeenCalledTimes(1);
  });

  it('says there is nobody with that apodo on a 404', async () => {
    const author = vi.fn(() => Promise.reject(new ApiError(ERRORS.AUTHOR_NOT_FOUND.message, 404, 'AUTHOR_NOT_FOUND')));
    render(route(fakeApiClient({ 'authors.get': author }), '/autor/nadie'));
    expect(await screen.findByRole('heading', { name: 'No hay nadie con ese apodo' })).toBeTruthy();
  });
});
