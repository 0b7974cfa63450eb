import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { ERRORS } from '@contract/errors';
import { REPORT_REASON_LABELS } from '@contract/moderation';
import { Announcements } from '../../web/src/components/Announcements';
import { PostCard } from '../../web/src/components/PostCard';
import { ApiContext, ApiError, type ApiClient } from '../../web/src/lib/api';
import { aPost, fakeApiClient } from './factories';
import { SignedIn, WithQueries } from './queries';
import { renderWithApi } from './render';

function renderCard(api: ApiClient, post = aPost()) {
  renderWithApi(api, <PostCard post={post} />);
  return post;
}

/** A card as the app shows it: with who is signed in known, and the site's status area. */
function renderInApp(api: ApiClient, account: string | null, post = aPost()) {
  const view = render(
    <ApiContext.Provider value={api}>
      <WithQueries>
        <MemoryRouter>
          <Announcements />
          <SignedIn as={account}>
            <PostCard post={post} />
          </SignedIn>
        </MemoryRouter>
      </WithQueries>
    </ApiContext.Provider>,
  );
  return { post, view };
}

describe('«Denunciar» on a post card', () => {
  it('sends the chosen reason and thanks the reader', async () => {
    const user = userEvent.setup();
    const reportPost = vi.fn(async () => ({}));
    const post = renderCard(fakeApiClient({ 'reports.post': reportPost }));
    await user.click(screen.getByRole('button', { name: 'Denunciar' }));
    // The form is a script of its own: it arrives after the tap.
    const send = await screen.findByRole('button', { name: 'Enviar denuncia' });
    expect((send as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('radio', { name: REPORT_REASON_LABELS['datos-personales'] }));
    await user.click(send);
    expect(reportPost).toHaveBeenCalledWith(
      { params: { id: post.id }, body: { reason: 'datos-personales' } },
      { idempotencyKey: expect.any(String) },
    );
    await screen.findByText('Gracias: hemos recibido tu denuncia.');
  });

  it('asks a signed-out reader to sign in, with a link', async () => {
    const user = userEvent.setup();
    renderCard(
      fakeApiClient({ 'reports.post': vi.fn(() => Promise.reject(new ApiError(ERRORS.UNAUTHORIZED.message, 401, 'UNAUTHORIZED'))) }),
    );
    await user.click(screen.getByRole('button', { name: 'Denunciar' }));
    await user.click(await screen.findByRole('radio', { name: REPORT_REASON_LABELS.spam }));
    await user.click(screen.getByRole('button', { name: 'Enviar denuncia' }));
    await screen.findByText(/Tienes que iniciar sesión para denunciar/);
    expect(screen.getByRole('link', { name: 'Iniciar sesión' }).getAttribute('href')).toBe('/login');
  });

  it('says so when the reader had already reported it', async () => {
    const user = userEvent.setup();
    renderCard(
      fakeApiClient({
        'reports.post': vi.fn(() => Promise.reject(new ApiError(ERRORS.ALREADY_REPORTED.message, 409, 'ALREADY_REPORTED'))),
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Denunciar' }));
    await user.click(await screen.findByRole('radio', { name: REPORT_REASON_LABELS.otro }));
    await user.click(screen.getByRole('button', { name: 'Enviar denuncia' }));
    await screen.findByText(ERRORS.ALREADY_REPORTED.message);
  });

  it('shows the publication date and the text as text, never as HTML', () => {
    const post = renderCard(
      fakeApiClient(),
      aPost({ post: '<img src=x onerror=alert(1)>', publishedAt: '2025-05-03T12:00:00.000Z', createdAt: '2025-05-01T08:00:00.000Z' }),
    );
    expect(screen.getByText(post.post)).toBeTruthy();
    expect(document.querySelector('article img')).toBeNull();
    expect(document.querySelector('time')!.getAttribute('datetime')).toBe('2025-05-03T12:00:00.000Z');
  });
});

describe('«Denunciar» as the app shows it', () => {
  it('asks a signed-out reader to sign in before any form opens, and calls nothing', async () => {
    const user = userEvent.setup();
    const reportPost = vi.fn(async () => ({}));
    renderInApp(fakeApiClient({ 'reports.post': reportPost }), null);
    await user.click(screen.getByRole('button', { name: 'Denunciar' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Inicia sesión para denunciar.');
    expect(screen.queryByRole('radio')).toBeNull();
    const link = screen.getByRole('link', { name: 'Iniciar sesión' });
    expect(document.activeElement).toBe(link);
    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Cerrar' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Denunciar' }));
    expect(reportPost).not.toHaveBeenCalled();
  });

  it('moves focus into the form and back out of it, and closes it with Escape', async () => {
    const user = userEvent.setup();
    renderInApp(fakeApiClient(), 'cuenta-1');
    await user.click(screen.getByRole('button', { name: 'Denunciar' }));
    expect(document.activeElement).toBe(await screen.findByRole('radio', { name: REPORT_REASON_LABELS.spam }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('radio')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Denunciar' }));
    await user.click(screen.getByRole('button', { name: 'Denunciar' }));
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Denunciar' }));
  });

  it('keeps its thanks on screen when the report hides the card at once', async () => {
    const user = userEvent.setup();
    const { view } = renderInApp(fakeApiClient({ 'reports.post': vi.fn(async () => ({})) }), 'cuenta-1');
    await user.click(screen.getByRole('button', { name: 'Denunciar' }));
    await user.click(await screen.findByRole('radio', { name: REPORT_REASON_LABELS.ofensivo }));
    await user.click(screen.getByRole('button', { name: 'Enviar denuncia' }));
    const status = await screen.findByText('Gracias: hemos recibido tu denuncia.', { selector: '.announcements span' });
    // The third report hides the post: its card leaves the feed; the site's status area still says thanks.
    view.rerender(
      <ApiContext.Provider value={fakeApiClient()}>
        <WithQueries>
          <MemoryRouter>
            <Announcements />
          </MemoryRouter>
        </WithQueries>
      </ApiContext.Provider>,
    );
    expect(screen.queryByRole('article')).toBeNull();
    expect(status.isConnected).toBe(true);
    expect(status.closest('[role="status"]')).not.toBeNull();
  });
});
