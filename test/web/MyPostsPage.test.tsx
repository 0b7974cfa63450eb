import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ERRORS } from '@contract/errors';
import { POST_STATUSES } from '@contract/posts';
import MyPostsPage from '../../web/src/features/myPosts/MyPostsPage';
import { ApiError, type ApiClient } from '../../web/src/lib/api';
import { anOwnPost, fakeApiClient } from './factories';
import { providers } from './queries';

function renderPage(api: ApiClient) {
  render(providers(api, undefined, <MyPostsPage />));
}

const cardOf = (text: string) => screen.getByText(text).closest('article')!;

describe('MyPostsPage (/mis-anecdotas)', () => {
  it('lists every post with its status in Spanish, newest first, and pages with «Cargar más»', async () => {
    const user = userEvent.setup();
    const posts = POST_STATUSES.map((status) => anOwnPost(status, { post: `Texto ${status}` }));
    const myPosts = vi
      .fn()
      .mockResolvedValueOnce({ items: posts.slice(0, 3), nextCursor: 'c1' })
      .mockResolvedValueOnce({ items: posts.slice(3), nextCursor: null });
    renderPage(fakeApiClient({ 'posts.mine': myPosts }));
    await screen.findByText('Texto pending');
    await user.click(screen.getByRole('button', { name: 'Cargar más' }));
    await screen.findByText('Texto hidden');
    expect(myPosts).toHaveBeenLastCalledWith({ query: expect.objectContaining({ cursor: 'c1' }) }, expect.anything());
    const labels = screen.getAllByRole('article').map((article) => article.querySelector('.status-badge')!.textContent);
    expect(labels).toEqual(['pendiente', 'publicada', 'rechazada', 'eliminada', 'oculta']);
    expect(within(cardOf('Texto published')).getByRole('link', { name: 'Ver en la web' })).toBeTruthy();
    expect(within(cardOf('Texto pending')).queryByRole('link', { name: 'Ver en la web' })).toBeNull();
    expect(within(cardOf('Texto removed')).queryByRole('button', { name: 'Eliminar' })).toBeNull();
  });

  it('deletes a post after asking, and shows it as eliminada', async () => {
    const user = userEvent.setup();
    const post = anOwnPost('pending', { post: 'Me arrepiento' });
    const deletePost = vi.fn(async () => {});
    renderPage(fakeApiClient({ 'posts.mine': vi.fn(async () => ({ items: [post], nextCursor: null })), 'posts.remove': deletePost }));
    const card = (await screen.findByText('Me arrepiento')).closest('article')!;
    await user.click(within(card).getByRole('button', { name: 'Eliminar' }));
    expect(deletePost).not.toHaveBeenCalled();
    await user.click(within(card).getByRole('button', { name: 'Sí, eliminar' }));
    expect(deletePost).toHaveBeenCalledWith({ params: { id: post.id } });
    await within(card).findByText('eliminada');
  });

  it('says why a delete failed and keeps the post as it was', async () => {
    const user = userEvent.setup();
    const post = anOwnPost('published', { post: 'Sigue aquí' });
    const deletePost = vi.fn(async () => {
      throw new ApiError(ERRORS.FORBIDDEN.message, 403, 'FORBIDDEN');
    });
    renderPage(fakeApiClient({ 'posts.mine': vi.fn(async () => ({ items: [post], nextCursor: null })), 'posts.remove': deletePost }));
    const card = (await screen.findByText('Sigue aquí')).closest('article')!;
    await user.click(within(card).getByRole('button', { name: 'Eliminar' }));
    await user.click(within(card).getByRole('button', { name: 'Sí, eliminar' }));
    await within(card).findByText(ERRORS.FORBIDDEN.message);
    expect(within(card).getByText('publicada')).toBeTruthy();
  });

  it('invites to publish when there is nothing yet, and offers a retry after an error', async () => {
    const user = userEvent.setup();
    const myPosts = vi
      .fn()
      .mockRejectedValueOnce(new ApiError('No se pudo conectar con el servidor.', 0, 'NETWORK'))
      .mockResolvedValueOnce({ items: [], nextCursor: null });
    renderPage(fakeApiClient({ 'posts.mine': myPosts }));
    await screen.findByText('No se pudo conectar con el servidor.');
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect((await screen.findByRole('link', { name: 'Publica la primera' })).getAttribute('href')).toBe('/newpost');
  });
});
