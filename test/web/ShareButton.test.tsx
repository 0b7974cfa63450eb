import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PostCard } from '../../web/src/components/PostCard';
import { browserWith } from './browser';
import { aPost, fakeApiClient } from './factories';
import { renderWithApi } from './render';

function renderCard(post = aPost({ name: 'Lola' })) {
  renderWithApi(fakeApiClient(), <PostCard post={post} />);
  return post;
}

const shareButton = () => screen.getByRole('button', { name: 'Compartir la anécdota de Lola' });
const copyButton = () => screen.getByRole('button', { name: 'Copiar enlace' });

afterEach(() => {
  vi.useRealTimers();
  browserWith({});
});

describe('«Compartir» on a post card', () => {
  it("opens the device's share sheet with the post's absolute link, its text and a title, where the browser has one", async () => {
    const user = userEvent.setup();
    const share = vi.fn(async () => {});
    const writeText = vi.fn(async () => {});
    browserWith({ share, writeText });
    const post = renderCard();
    await user.click(shareButton());
    expect(share).toHaveBeenCalledWith({
      title: 'Anécdota de Lola · Vaya día',
      text: post.post,
      url: `${window.location.origin}/post/${post.id}`,
    });
    expect(writeText).not.toHaveBeenCalled();
    expect(screen.queryByText(/Enlace copiado/)).toBeNull();
  });

  it('does nothing more when the reader closes the share sheet', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async () => {});
    browserWith({ share: () => Promise.reject(new DOMException('cancelado', 'AbortError')), writeText });
    renderCard();
    await user.click(shareButton());
    expect(writeText).not.toHaveBeenCalled();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('offers WhatsApp, Telegram, X and e-mail as plain links with the encoded link and text where there is no share sheet', async () => {
    const user = userEvent.setup();
    browserWith({ writeText: vi.fn(async () => {}) });
    const post = renderCard(aPost({ name: 'Lola', post: 'Perdí el tren & el bus: ¿qué más? #malo' }));
    expect(screen.queryByRole('link', { name: 'WhatsApp' })).toBeNull();
    await user.click(shareButton());
    expect(shareButton().getAttribute('aria-expanded')).toBe('true');
    const url = `${window.location.origin}/post/${post.id}`;
    const href = (name: string) => new URL(screen.getByRole('link', { name }).getAttribute('href') ?? '');
    expect(href('WhatsApp').origin + href('WhatsApp').pathname).toBe('https://wa.me/');
    expect(href('WhatsApp').searchParams.get('text')).toBe(`${post.post} ${url}`);
    expect(href('Telegram').origin + href('Telegram').pathname).toBe('https://t.me/share/url');
    expect(Object.fromEntries(href('Telegram').searchParams)).toEqual({ url, text: post.post });
    expect(href('X').origin + href('X').pathname).toBe('https://twitter.com/intent/tweet');
    expect(Object.fromEntries(href('X').searchParams)).toEqual({ url, text: post.post });
    expect(href('Correo').protocol).toBe('mailto:');
    expect(href('Correo').searchParams.get('body')).toBe(`${post.post}\n\n${url}`);
    await user.click(shareButton());
    expect(screen.queryByRole('link', { name: 'WhatsApp' })).toBeNull();
  });

  it('copies the link with «Copiar enlace» and says so in Spanish where there is no share sheet; the confirmation goes away', async () => {
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    const writeText = vi.fn(async () => {});
    browserWith({ writeText });
    const post = renderCard();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(shareButton());
    expect(writeText).not.toHaveBeenCalled();
    await user.click(copyButton());
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/post/${post.id}`);
    expect((await screen.findByRole('status')).textContent).toBe('Enlace copiado: pégalo donde quieras compartirlo.');
    vi.advanceTimersByTime(5000);
    await vi.waitFor(() => expect(screen.getByRole('status').textContent).toBe(''));
  });

  it('shows the link, selected, to copy by hand when the clipboard is not allowed either', async () => {
    const user = userEvent.setup();
    browserWith({ writeText: () => Promise.reject(new DOMException('denegado', 'NotAllowedError')) });
    const post = renderCard();
    await user.click(shareButton());
    await user.click(copyButton());
    const input = await screen.findByRole<HTMLInputElement>('textbox', { name: /Copia este enlace/ });
    expect(input.value).toBe(`${window.location.origin}/post/${post.id}`);
    expect(input.readOnly).toBe(true);
  });

  it('offers the other ways when the share sheet fails for another reason', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async () => {});
    browserWith({ share: () => Promise.reject(new DOMException('no', 'NotAllowedError')), writeText });
    renderCard();
    await user.click(shareButton());
    await screen.findByRole('link', { name: 'WhatsApp' });
    await user.click(copyButton());
    expect(writeText).toHaveBeenCalledTimes(1);
    await screen.findByText('Enlace copiado: pégalo donde quieras compartirlo.');
  });
});
