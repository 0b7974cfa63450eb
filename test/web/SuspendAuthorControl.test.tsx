import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { Me } from '@contract/accounts';
import { PERMANENT_SUSPENSION } from '@contract/accountRules';
import { ERRORS } from '@contract/errors';
import type { Suspension } from '@contract/moderation';
import type { Post } from '@contract/posts';
import { CommentsSection } from '../../web/src/features/comments/CommentsSection';
import { PostCard } from '../../web/src/components/PostCard';
import type { AccountState } from '../../web/src/lib/account';
import { ApiContext, ApiError, type ApiClient } from '../../web/src/lib/api';
import { aComment, aPost, fakeApiClient, type FakeRoute } from './factories';
import { WithAccount, WithQueries } from './queries';

const moderator: Me = {
  name: 'Moderadora',
  email: 'mod@example.com',
  moderator: true,
  suspendedUntil: null,
  suspensionReason: null,
  unreadNotifications: 0,
  appeal: null,
};

function renderCard(api: ApiClient, { post = aPost({ name: 'Trol' }), me = moderator }: { post?: Post; me?: Me | null } = {}) {
  const state: Extract<AccountState, { status: 'ready' | 'none' }> = me ? { status: 'ready', me } : { status: 'none' };
  render(
    <ApiContext.Provider value={api}>
      <WithQueries>
        <WithAccount state={state}>
          <MemoryRouter>
            <PostCard post={post} />
          </MemoryRouter>
        </WithAccount>
      </WithQueries>
    </ApiContext.Provider>,
  );
  return post;
}

function aSuspension(overrides: Partial<Suspension> = {}): Suspension {
  return {
    id: 's1',
    name: 'Trol',
    until: '2025-06-02T12:00:00.000Z',
    reason: 'Insultos',
    createdAt: '2025-05-03T12:00:00.000Z',
    by: 'Moderadora',
    ...overrides,
  };
}

const trigger = () => screen.getByRole('button', { name: 'Suspender autor' });

/** A card a moderator sees, once «Suspender autor» (its own script, loaded on demand) is on it. */
async function renderCardForModerator(api: ApiClient, post?: Post): Promise<Post> {
  const shown = renderCard(api, { post });
  await screen.findByRole('button', { name: 'Suspender autor' });
  return shown;
}
const daysField = () => screen.getByLabelText<HTMLInputElement>(/^Días/);
const reasonField = () => screen.getByLabelText<HTMLTextAreaElement>('Motivo');

describe('«Suspender autor» on a post card', () => {
  it('is offered to moderators only, and not on their own posts', async () => {
    await renderCardForModerator(fakeApiClient());
    document.body.innerHTML = '';
    // The form's script has loaded (above): what follows shows nothing because it is not offered.
    renderCard(fakeApiClient(), { me: { ...moderator, moderator: false } });
    expect(screen.queryByRole('button', { name: 'Suspender autor' })).toBeNull();
    screen.getByRole('button', { name: 'Denunciar' });
    document.body.innerHTML = '';
    renderCard(fakeApiClient(), { me: null });
    expect(screen.queryByRole('button', { name: 'Suspender autor' })).toBeNull();
    document.body.innerHTML = '';
    renderCard(fakeApiClient(), { post: aPost({ name: 'Moderadora' }) });
    expect(screen.queryByRole('button', { name: 'Suspender autor' })).toBeNull();
  });

  it('moves focus into the form, closes on Escape and gives focus back to the button', async () => {
    const user = userEvent.setup();
    await renderCardForModerator(fakeApiClient());
    expect(trigger().getAttribute('aria-expanded')).toBe('false');
    await user.click(trigger());
    expect(trigger().getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('form', { name: 'Suspender a «Trol»' })).toBeTruthy();
    expect(document.activeElement).toBe(daysField());
    await user.type(reasonField(), 'algo');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('form')).toBeNull();
    expect(document.activeElement).toBe(trigger());
    // «Cancelar» does the same.
    await user.click(trigger());
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('form')).toBeNull();
    expect(document.activeElement).toBe(trigger());
  });

  it('checks the days (1–365) before sending, and says what to change next to the field', async () => {
    const user = userEvent.setup();
    const suspendAuthor = vi.fn<FakeRoute<'moderation.suspend'>>();
    await renderCardForModerator(fakeApiClient({ 'moderation.suspend': suspendAuthor }));
    await user.click(trigger());
    await user.click(reasonField());
    await user.paste('Insultos');
    for (const days of ['0', '366', '1.5', 'siete', '']) {
      await user.clear(daysField());
      if (days) await user.paste(days);
      await user.click(screen.getByRole('button', { name: 'Suspender' }));
      expect(screen.getByText(/Indica un número entero de días entre 1 y 365/)).toBeTruthy();
      expect(daysField().getAttribute('aria-invalid')).toBe('true');
      expect(document.activeElement).toBe(daysField());
    }
    expect(suspendAuthor).not.toHaveBeenCalled();
  });

  it('asks for a reason with something visible, at most 300 characters', async () => {
    const user = userEvent.setup();
    const suspendAuthor = vi.fn<FakeRoute<'moderation.suspend'>>();
    await renderCardForModerator(fakeApiClient({ 'moderation.suspend': suspendAuthor }));
    await user.click(trigger());
    await user.clear(daysField());
    await user.paste('365');
    await user.click(reasonField());
    await user.paste('    ');
    await user.click(screen.getByRole('button', { name: 'Suspender' }));
    expect(screen.queryByText(/Indica un número entero de días/)).toBeNull();
    expect(screen.getByText('Escribe el motivo (hasta 300 caracteres).')).toBeTruthy();
    expect(reasonField().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(reasonField());
    expect(reasonField().maxLength).toBe(300);
    expect(suspendAuthor).not.toHaveBeenCalled();
  });

  it('suspends the post’s author for the days given, with the reason trimmed, and says until when', async () => {
    const user = userEvent.setup();
    const suspendAuthor = vi.fn<FakeRoute<'moderation.suspend'>>(async ({ body }) => aSuspension({ reason: body.reason }));
    const post = await renderCardForModerator(fakeApiClient({ 'moderation.suspend': suspendAuthor }));
    await user.click(trigger());
    await user.clear(daysField());
    await user.paste('30');
    await user.click(reasonField());
    await user.paste('  Insultos en los comentarios  ');
    expect(screen.getByText('31/300 caracteres')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Suspender' }));
    expect(suspendAuthor).toHaveBeenCalledWith({ body: { postId: post.id, days: 30, reason: 'Insultos en los comentarios' } });
    const done = await screen.findByText(/^Cuenta de «Trol» suspendida hasta el/);
    expect(done.getAttribute('role')).toBe('status');
    expect(done.textContent).toMatch(/hasta el \d+ de junio de 2025\D+\d\d:\d\d\.$/);
    expect(document.activeElement).toBe(done);
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('«Para siempre» sends no days', async () => {
    const user = userEvent.setup();
    const suspendAuthor = vi.fn(async () => aSuspension({ until: PERMANENT_SUSPENSION }));
    const post = await renderCardForModerator(fakeApiClient({ 'moderation.suspend': suspendAuthor }));
    await user.click(trigger());
    await user.click(screen.getByRole('checkbox', { name: 'Para siempre' }));
    expect(daysField().disabled).toBe(true);
    await user.type(reasonField(), 'Spam sin parar');
    await user.click(screen.getByRole('button', { name: 'Suspender' }));
    expect(suspendAuthor).toHaveBeenCalledWith({ body: { postId: post.id, days: null, reason: 'Spam sin parar' } });
    expect((await screen.findByText('Cuenta de «Trol» suspendida para siempre.')).getAttribute('role')).toBe('status');
  });

  it('says in Spanish why the API refused, keeping what was typed: the author moderates (403), already suspended (409)', async () => {
    const user = userEvent.setup();
    const suspendAuthor = vi
      .fn<FakeRoute<'moderation.suspend'>>()
      .mockRejectedValueOnce(new ApiError(ERRORS.FORBIDDEN.message, 403, 'FORBIDDEN'))
      .mockRejectedValueOnce(new ApiError(ERRORS.ALREADY_SUSPENDED.message, 409, 'ALREADY_SUSPENDED'));
    await renderCardForModerator(fakeApiClient({ 'moderation.suspend': suspendAuthor }));
    await user.click(trigger());
    await user.type(reasonField(), 'Insultos');
    await user.click(screen.getByRole('button', { name: 'Suspender' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/^No puedes suspender esta cuenta: quien la usa también modera/);
    expect(reasonField().value).toBe('Insultos');
    expect(daysField().value).toBe('7');
    await user.click(screen.getByRole('button', { name: 'Suspender' }));
    await vi.waitFor(() => expect(screen.getByRole('alert').textContent).toBe(ERRORS.ALREADY_SUSPENDED.message));
    expect(reasonField().value).toBe('Insultos');
  });
});

describe('«Suspender autor» on a comment', () => {
  it('suspends the comment’s author, each comment its own control', async () => {
    const user = userEvent.setup();
    const comments = [aComment({ name: 'Trol', text: 'Algo feo' }), aComment({ name: 'Otra', text: 'Algo normal' })];
    const suspendAuthor = vi.fn(async () => aSuspension());
    render(
      <ApiContext.Provider
        value={fakeApiClient({
          'moderation.suspend': suspendAuthor,
          'comments.list': vi.fn(async () => ({ items: comments, nextCursor: null })),
        })}
      >
        <WithQueries>
          <WithAccount state={{ status: 'ready', me: moderator }}>
            <MemoryRouter>
              <CommentsSection postId="p0001" viewer={{ status: 'signedIn', name: 'Moderadora', moderator: true }} initialCount={2} />
            </MemoryRouter>
          </WithAccount>
        </WithQueries>
      </ApiContext.Provider>,
    );
    const item = (await screen.findByText('Algo feo')).closest('li')!;
    expect(await screen.findAllByRole('button', { name: 'Suspender autor' })).toHaveLength(2);
    await user.click(within(item).getByRole('button', { name: 'Suspender autor' }));
    await user.click(within(item).getByRole('checkbox', { name: 'Para siempre' }));
    await user.type(within(item).getByLabelText('Motivo'), 'Acoso');
    await user.click(within(item).getByRole('button', { name: 'Suspender' }));
    expect(suspendAuthor).toHaveBeenCalledWith({ body: { commentId: comments[0]!.id, days: null, reason: 'Acoso' } });
    await within(item).findByText(/^Cuenta de «Trol» suspendida/);
  });
});
