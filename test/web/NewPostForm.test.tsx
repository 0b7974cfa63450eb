import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ERRORS } from '@contract/errors';
import { MAX_POST_LENGTH } from '@contract/posts';
import { Route, Routes } from 'react-router-dom';
import { NewPostForm } from '../../web/src/features/posts/NewPostForm';
import NewPostPage from '../../web/src/features/posts/NewPostPage';
import { ApiError } from '../../web/src/lib/api';
import { anOwnPost, fakeApiClient, type FakeRoute } from './factories';
import { renderWithApi } from './render';

function setup(onSubmit: (request: { category: string; post: string }) => Promise<void> = vi.fn(async () => {})) {
  const user = userEvent.setup();
  // The form asks for look-alikes (none here: test/web/SimilarPosts.test.tsx covers them).
  const api = fakeApiClient({ 'search.similar': vi.fn(async () => ({ items: [] })) });
  renderWithApi(api, <NewPostForm onSubmit={onSubmit} />);
  return {
    user,
    onSubmit,
    category: screen.getByLabelText<HTMLSelectElement>('Categoria'),
    text: screen.getByLabelText<HTMLTextAreaElement>(/^Post/),
    send: screen.getByRole('button', { name: 'Enviar' }),
  };
}

describe('NewPostForm', () => {
  it('says the real limit in the rules text', () => {
    setup();
    expect(screen.getByText(`Exprésate en ${MAX_POST_LENGTH} caracteres como máximo.`)).toBeTruthy();
  });

  it('defaults the category to varios and sends what is selected', async () => {
    const { user, onSubmit, category, text, send } = setup();
    expect(category.value).toBe('varios');
    await user.type(text, 'Se me quemó la tostada');
    await user.click(send);
    expect(onSubmit).toHaveBeenLastCalledWith({ category: 'varios', post: 'Se me quemó la tostada' });

    await user.selectOptions(category, 'amor');
    expect(category.value).toBe('amor');
    await user.click(send);
    expect(onSubmit).toHaveBeenLastCalledWith({ category: 'amor', post: 'Se me quemó la tostada' });
  });

  it('counts characters live, keeps a pasted text past 300 whole and says how much to cut before it can be sent', async () => {
    const { user, onSubmit, text, send } = setup();
    await user.type(text, 'hola');
    expect(screen.getByTestId('post-counter').textContent).toBe(`4/${MAX_POST_LENGTH} caracteres`);
    await user.clear(text);
    await user.click(text);
    const pasted = 'x'.repeat(MAX_POST_LENGTH + 120);
    await user.paste(pasted);
    expect(text.value).toBe(pasted);
    expect(screen.getByTestId('post-counter').textContent).toBe(
      `${MAX_POST_LENGTH + 120}/${MAX_POST_LENGTH} caracteres · Sobran 120 caracteres: acórtala para poder enviarla.`,
    );
    expect(text.getAttribute('aria-invalid')).toBe('true');
    await user.click(send);
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toContain(ERRORS.POST_TOO_LONG.message);
    expect(text.value).toBe(pasted);
    await user.type(text, '{Backspace}'.repeat(119));
    expect(screen.getByTestId('post-counter').textContent).toBe(
      `${MAX_POST_LENGTH + 1}/${MAX_POST_LENGTH} caracteres · Sobra 1 carácter: acórtala para poder enviarla.`,
    );
    await user.type(text, '{Backspace}');
    expect(screen.getByTestId('post-counter').textContent).toBe(`${MAX_POST_LENGTH}/${MAX_POST_LENGTH} caracteres`);
    await user.click(send);
    expect(onSubmit).toHaveBeenCalledWith({ category: 'varios', post: 'x'.repeat(MAX_POST_LENGTH) });
  }, 30_000);

  it('does not send white space only', async () => {
    const { user, onSubmit, text, send } = setup();
    await user.click(send);
    await user.type(text, '   {enter}  ');
    await user.click(send);
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toContain(ERRORS.EMPTY_POST.message);
  });

  it('disables Enviar while sending', async () => {
    let finish: () => void = () => {};
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { user, text, send } = setup(onSubmit);
    await user.type(text, 'Un día horrible');
    await user.click(send);
    const busy = screen.getByRole<HTMLButtonElement>('button', { name: /Enviando/ });
    expect(busy.disabled).toBe(true);
    await user.click(busy);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    finish();
    expect(await screen.findByRole('button', { name: 'Enviar' })).toHaveProperty('disabled', false);
  });

  it('shows the Spanish error and keeps the text when publishing fails', async () => {
    const onSubmit = vi.fn(async () => {
      throw new Error(ERRORS.RATE_LIMITED.message);
    });
    const { user, text } = setup(onSubmit);
    await user.type(text, 'Perdí el autobús');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect((await screen.findByRole('alert')).textContent).toContain(ERRORS.RATE_LIMITED.message);
    expect(text.value).toBe('Perdí el autobús');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Enviar' }).disabled).toBe(false);
  });

  it('says what to change when the text holds personal data, sends nothing and keeps the text', async () => {
    const { user, text, send, onSubmit } = setup();
    await user.type(text, 'Llamadme al 612 345 678 si os pasa');
    await user.click(send);
    expect(await screen.findByText(ERRORS.PERSONAL_DATA.message)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(text.value).toBe('Llamadme al 612 345 678 si os pasa');
  });

  it('shows DUPLICATE_POST next to the form with the text kept, and sends the changed text', async () => {
    const onSubmit = vi
      .fn<(request: { category: string; post: string }) => Promise<void>>()
      .mockRejectedValueOnce(new Error(ERRORS.DUPLICATE_POST.message))
      .mockResolvedValueOnce(undefined);
    const { user, text, send } = setup(onSubmit);
    await user.type(text, 'Se me quemó la tostada');
    await user.click(send);
    expect((await screen.findByRole('alert')).textContent).toContain(ERRORS.DUPLICATE_POST.message);
    expect(text.value).toBe('Se me quemó la tostada');
    await user.type(text, ' y el microondas');
    await user.click(send);
    expect(onSubmit).toHaveBeenLastCalledWith({ category: 'varios', post: 'Se me quemó la tostada y el microondas' });
  });
});

/** The page at /newpost, sending through `createPost`; the home page says «Portada». */
function renderNewPostPage(createPost: FakeRoute<'posts.create'>) {
  renderWithApi(
    fakeApiClient({ 'posts.create': createPost }),
    <Routes>
      <Route path="/newpost" element={<NewPostPage />} />
      <Route path="/" element={<p>Portada</p>} />
    </Routes>,
    '/newpost',
  );
}

describe('NewPostPage', () => {
  it('sends a post again under the same Idempotency-Key after a failure, says why in Spanish, and goes home once sent', async () => {
    const user = userEvent.setup();
    const createPost = vi
      .fn<FakeRoute<'posts.create'>>()
      .mockRejectedValueOnce(new ApiError(ERRORS.INTERNAL_ERROR.message, 500, 'INTERNAL_ERROR'))
      .mockResolvedValueOnce(anOwnPost('pending'));
    renderNewPostPage(createPost);
    await user.type(screen.getByLabelText(/^Post/), 'Se me cayó el café');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect((await screen.findByRole('alert')).textContent).toContain(ERRORS.INTERNAL_ERROR.message);
    expect(screen.getByLabelText<HTMLTextAreaElement>(/^Post/).value).toBe('Se me cayó el café');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    await screen.findByText('Portada');
    const keys = createPost.mock.calls.map((call) => call[1]?.idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toEqual(expect.any(String));
    expect(keys[1]).toBe(keys[0]);
  });

  it('sends under a new Idempotency-Key after a refusal (the limit may have passed), so the API decides again', async () => {
    const user = userEvent.setup();
    const createPost = vi
      .fn<FakeRoute<'posts.create'>>()
      .mockRejectedValueOnce(new ApiError(ERRORS.RATE_LIMITED.message, 429, 'RATE_LIMITED'))
      .mockResolvedValueOnce(anOwnPost('pending'));
    renderNewPostPage(createPost);
    await user.type(screen.getByLabelText(/^Post/), 'Se me cayó el café otra vez');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect((await screen.findByRole('alert')).textContent).toContain(ERRORS.RATE_LIMITED.message);
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    await screen.findByText('Portada');
    const keys = createPost.mock.calls.map((call) => call[1]?.idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toEqual(expect.any(String));
    expect(keys[1]).not.toBe(keys[0]);
  });
});
