import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ERRORS } from '@contract/errors';
import MyPostsPage from '../../web/src/features/myPosts/MyPostsPage';
import { ApiError, type ApiClient } from '../../web/src/lib/api';
import { anOwnPost, fakeApiClient, type FakeRoute } from './factories';
import { providers } from './queries';

function renderPage(api: ApiClient) {
  render(providers(api, undefined, <MyPostsPage />));
}

const listing = (...posts: ReturnType<typeof anOwnPost>[]) => vi.fn(async () => ({ items: posts, nextCursor: null }));

describe('«Editar y reenviar» in «Mis anécdotas»', () => {
  it('shows why a post was rejected in words, and offers to edit and resend only a rejected post never resent', async () => {
    renderPage(
      fakeApiClient({
        'posts.mine': listing(
          anOwnPost('rejected', { post: 'Rechazada', rejection: { reason: 'mal-escrita' } }),
          anOwnPost('rejected', { post: 'Ya reenviada', rejection: { reason: 'repetida' }, resent: true }),
          anOwnPost('pending', { post: 'Pendiente' }),
        ),
      }),
    );
    const rejected = (await screen.findByText('Rechazada')).closest('article')!;
    expect(rejected.textContent).toContain('Motivo del rechazo: Está mal escrita');
    expect(within(rejected).getByRole('button', { name: 'Editar y reenviar' })).toBeTruthy();
    const resent = screen.getByText('Ya reenviada').closest('article')!;
    expect(resent.textContent).toContain('Está repetida');
    expect(resent.textContent).toContain('no se puede volver a reenviar');
    expect(within(resent).queryByRole('button', { name: 'Editar y reenviar' })).toBeNull();
    expect(within(screen.getByText('Pendiente').closest('article')!).queryByRole('button', { name: 'Editar y reenviar' })).toBeNull();
  });

  it('opens the form with the text and category, sends the edit, and shows the post pending again', async () => {
    const user = userEvent.setup();
    const post = anOwnPost('rejected', { post: 'Me caí en el metro', category: 'trabajo', rejection: { reason: 'mal-escrita' } });
    const resendPost = vi.fn<FakeRoute<'posts.resend'>>(async ({ body: request }) => ({
      ...post,
      ...request,
      category: request.category,
      status: 'pending' as const,
      rejection: null,
      resent: true,
    }));
    renderPage(fakeApiClient({ 'posts.mine': listing(post), 'posts.resend': resendPost }));
    const card = (await screen.findByText('Me caí en el metro')).closest('article')!;
    await user.click(within(card).getByRole('button', { name: 'Editar y reenviar' }));
    const text = within(card).getByLabelText('Tu anécdota');
    expect((text as HTMLTextAreaElement).value).toBe('Me caí en el metro');
    expect(within(card).getByLabelText<HTMLSelectElement>('Categoría').value).toBe('trabajo');
    await user.clear(text);
    await user.type(text, 'Me caí en el metro delante de mi jefa.');
    await user.selectOptions(within(card).getByLabelText('Categoría'), 'familia');
    await user.click(within(card).getByRole('button', { name: 'Reenviar a moderación' }));
    expect(resendPost).toHaveBeenCalledWith({
      params: { id: post.id },
      body: { category: 'familia', post: 'Me caí en el metro delante de mi jefa.' },
    });
    await within(card).findByText('pendiente');
    expect(card.textContent).toContain('Me caí en el metro delante de mi jefa.');
    expect(card.textContent).toContain('Editada y reenviada');
    expect(within(card).queryByRole('button', { name: 'Editar y reenviar' })).toBeNull();
  });

  it('keeps the text and shows the error next to it when the API refuses (a duplicate), and checks personal data before sending', async () => {
    const user = userEvent.setup();
    const post = anOwnPost('rejected', { post: 'Texto original' });
    const resendPost = vi.fn(async () => {
      throw new ApiError(ERRORS.DUPLICATE_POST.message, 409, 'DUPLICATE_POST');
    });
    renderPage(fakeApiClient({ 'posts.mine': listing(post), 'posts.resend': resendPost }));
    const card = (await screen.findByText('Texto original')).closest('article')!;
    await user.click(within(card).getByRole('button', { name: 'Editar y reenviar' }));
    const text = within(card).getByLabelText<HTMLTextAreaElement>('Tu anécdota');
    await user.clear(text);
    await user.type(text, 'Escribidme a pepe@example.com');
    await user.click(within(card).getByRole('button', { name: 'Reenviar a moderación' }));
    expect(within(card).getByRole('alert').textContent).toContain(ERRORS.PERSONAL_DATA.message);
    expect(resendPost).not.toHaveBeenCalled();

    await user.clear(text);
    await user.type(text, 'Una anécdota que ya existe');
    await user.click(within(card).getByRole('button', { name: 'Reenviar a moderación' }));
    expect((await within(card).findByRole('alert')).textContent).toContain(ERRORS.DUPLICATE_POST.message);
    expect(text.value).toBe('Una anécdota que ya existe');
    expect(text.getAttribute('aria-invalid')).toBe('true');
    // Cancelling leaves the post as it was.
    await user.click(within(card).getByRole('button', { name: 'Cancelar' }));
    expect(card.textContent).toContain('Texto original');
    expect(within(card).getByRole('button', { name: 'Editar y reenviar' })).toBeTruthy();
  });
});
