import { describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { MAX_COMMENT_LENGTH, type Comment, type CommentPage } from '@contract/comments';
import { ERRORS } from '@contract/errors';
import { REPORT_REASON_LABELS } from '@contract/moderation';
import { CommentsSection } from '../../web/src/features/comments/CommentsSection';
import type { LiveCommentEvent, SubscribeToComments } from '../../web/src/features/comments/liveComments';
import type { Viewer } from '../../web/src/features/comments/viewer';
import { ApiContext, ApiError, type ApiClient } from '../../web/src/lib/api';
import { aComment, fakeApiClient, type FakeRoute } from './factories';
import { WithQueries } from './queries';

const signedIn: Viewer = { status: 'signedIn', name: 'marta', moderator: false };
const signedOut: Viewer = { status: 'signedOut', name: null, moderator: false };

function renderSection(api: ApiClient, viewer: Viewer, initialCount = 0, subscribe?: SubscribeToComments) {
  render(
    <ApiContext.Provider value={api}>
      <WithQueries>
        <MemoryRouter>
          <CommentsSection postId="p0001" viewer={viewer} initialCount={initialCount} subscribe={subscribe} />
        </MemoryRouter>
      </WithQueries>
    </ApiContext.Provider>,
  );
}

const page = (items: Comment[], nextCursor: string | null = null): CommentPage => ({ items, nextCursor });
const shownTexts = () => screen.queryAllByRole('listitem').map((item) => item.querySelector('.comment__text')?.textContent);

describe('comments on a post page', () => {
  it('shows them oldest first, as text, and «Ver más» adds the next page without repeating any', async () => {
    const user = userEvent.setup();
    const first = [aComment({ text: '<img src=x onerror=alert(1)>' }), aComment({ text: 'segundo' })];
    const listComments = vi.fn<FakeRoute<'comments.list'>>(async ({ query }) =>
      query?.cursor === 'c2' ? page([first[1]!, aComment({ text: 'tercero' })]) : page(first, 'c2'),
    );
    renderSection(fakeApiClient({ 'comments.list': listComments }), signedOut, 3);
    await screen.findByText('segundo');
    expect(document.querySelector('.comments img')).toBeNull();
    expect(screen.getByRole('heading', { name: '3 comentarios' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Ver más' }));
    await screen.findByText('tercero');
    expect(shownTexts()).toEqual(['<img src=x onerror=alert(1)>', 'segundo', 'tercero']);
    expect(screen.queryByRole('button', { name: 'Ver más' })).toBeNull();
    expect(listComments).toHaveBeenLastCalledWith(
      { params: { id: 'p0001' }, query: expect.objectContaining({ cursor: 'c2' }) },
      expect.anything(),
    );
  });

  it('says when there are none, and asks a signed-out reader to log in', async () => {
    renderSection(fakeApiClient({ 'comments.list': vi.fn(async () => page([])) }), signedOut);
    await screen.findByText('Todavía no hay comentarios. ¿Empiezas tú?');
    expect(screen.getByRole('link', { name: 'Inicia sesión' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('lets a signed-in reader comment: a live count, the contract’s checks, and the new comment at the end', async () => {
    const user = userEvent.setup();
    const createComment = vi.fn<FakeRoute<'comments.create'>>(async ({ params, body }) =>
      aComment({ postId: params.id, text: body.text, name: 'marta' }),
    );
    renderSection(
      fakeApiClient({ 'comments.list': vi.fn(async () => page([aComment({ text: 'antes' })])), 'comments.create': createComment }),
      signedIn,
      1,
    );
    await screen.findByText('antes');
    await user.click(screen.getByRole('button', { name: 'Comentar' }));
    expect(await screen.findByText(ERRORS.EMPTY_COMMENT.message)).toBeTruthy();
    expect(createComment).not.toHaveBeenCalled();
    const field = screen.getByRole('textbox', { name: 'Tu comentario' });
    expect(field.getAttribute('maxlength')).toBe(String(MAX_COMMENT_LENGTH));
    await user.type(field, 'Ánimo 😀');
    expect(screen.getByTestId('comment-counter').textContent).toBe(`8/${MAX_COMMENT_LENGTH} caracteres`);
    await user.click(screen.getByRole('button', { name: 'Comentar' }));
    await screen.findByText('Ánimo 😀');
    expect(createComment).toHaveBeenCalledWith(
      { params: { id: 'p0001' }, body: { text: 'Ánimo 😀' } },
      { idempotencyKey: expect.stringMatching(/^[A-Za-z0-9_-]{1,64}$/) },
    );
    expect(shownTexts()).toEqual(['antes', 'Ánimo 😀']);
    expect((field as HTMLTextAreaElement).value).toBe('');
    expect(screen.getByRole('heading', { name: '2 comentarios' })).toBeTruthy();
  });

  it('keeps the text when sending fails, with the server’s Spanish message', async () => {
    const user = userEvent.setup();
    const createComment = vi.fn(() => Promise.reject(new ApiError(ERRORS.RATE_LIMITED.message, 429, 'RATE_LIMITED')));
    renderSection(fakeApiClient({ 'comments.list': vi.fn(async () => page([])), 'comments.create': createComment }), signedIn);
    const field = await screen.findByRole('textbox', { name: 'Tu comentario' });
    await user.type(field, 'No me lo borres');
    await user.click(screen.getByRole('button', { name: 'Comentar' }));
    await screen.findByText(ERRORS.RATE_LIMITED.message);
    expect((field as HTMLTextAreaElement).value).toBe('No me lo borres');
  });

  it('sends a comment again under the same Idempotency-Key after a failure, and a new key once the text changes', async () => {
    const user = userEvent.setup();
    const createComment = vi.fn<FakeRoute<'comments.create'>>(() =>
      Promise.reject(new ApiError(ERRORS.INTERNAL_ERROR.message, 500, 'INTERNAL_ERROR')),
    );
    renderSection(fakeApiClient({ 'comments.list': vi.fn(async () => page([])), 'comments.create': createComment }), signedIn);
    const field = await screen.findByRole('textbox', { name: 'Tu comentario' });
    await user.type(field, 'Otra vez');
    await user.click(screen.getByRole('button', { name: 'Comentar' }));
    await screen.findByText(ERRORS.INTERNAL_ERROR.message);
    await user.click(screen.getByRole('button', { name: 'Comentar' }));
    await user.type(field, '!');
    await user.click(screen.getByRole('button', { name: 'Comentar' }));
    await vi.waitFor(() => expect(createComment).toHaveBeenCalledTimes(3));
    const keys = createComment.mock.calls.map((call) => call[1]?.idempotencyKey);
    expect(keys[0]).toEqual(expect.stringMatching(/^[A-Za-z0-9_-]{1,64}$/));
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('offers «Borrar» on the reader’s own comments, after a confirmation, and reports others’', async () => {
    const user = userEvent.setup();
    const mine = aComment({ name: 'marta', text: 'mío' });
    const theirs = aComment({ name: 'pablo', text: 'suyo' });
    const deleteComment = vi.fn(async () => {});
    const reportComment = vi.fn(async () => ({}));
    renderSection(
      fakeApiClient({
        'comments.list': vi.fn(async () => page([mine, theirs])),
        'comments.remove': deleteComment,
        'reports.comment': reportComment,
      }),
      signedIn,
      2,
    );
    await screen.findByText('suyo');
    const [myItem, theirItem] = screen.getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(within(theirItem).queryByRole('button', { name: 'Borrar' })).toBeNull();
    await user.click(within(myItem).getByRole('button', { name: 'Borrar' }));
    await user.click(within(myItem).getByRole('button', { name: 'Sí, borrar' }));
    expect(deleteComment).toHaveBeenCalledWith({ params: { id: mine.id } });
    expect(shownTexts()).toEqual(['suyo']);
    expect(screen.getByRole('heading', { name: '1 comentario' })).toBeTruthy();

    await user.click(within(theirItem).getByRole('button', { name: 'Denunciar' }));
    await user.click(await within(theirItem).findByRole('radio', { name: REPORT_REASON_LABELS.ofensivo }));
    await user.click(within(theirItem).getByRole('button', { name: 'Enviar denuncia' }));
    expect(reportComment).toHaveBeenCalledWith(
      { params: { id: theirs.id }, body: { reason: 'ofensivo' } },
      { idempotencyKey: expect.any(String) },
    );
  });

  it('shows moderators «Borrar» on every comment', async () => {
    renderSection(fakeApiClient({ 'comments.list': vi.fn(async () => page([aComment({ name: 'pablo', text: 'x' })])) }), {
      ...signedIn,
      moderator: true,
    });
    await screen.findByText('x');
    expect(screen.getByRole('button', { name: 'Borrar' })).toBeTruthy();
  });

  it('says when the comments could not be loaded, and tries again', async () => {
    const user = userEvent.setup();
    const listComments = vi
      .fn()
      .mockRejectedValueOnce(new ApiError(ERRORS.INTERNAL_ERROR.message, 500, 'INTERNAL_ERROR'))
      .mockResolvedValue(page([aComment({ text: 'ya' })]));
    renderSection(fakeApiClient({ 'comments.list': listComments }), signedOut);
    await screen.findByText(ERRORS.INTERNAL_ERROR.message);
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    await screen.findByText('ya');
  });

  it('adds live comments once each, and after a reconnect reads again what it shows', async () => {
    let listener: ((event: LiveCommentEvent) => void) | undefined;
    const subscribe: SubscribeToComments = (next) => {
      listener = next;
      return () => (listener = undefined);
    };
    const first = aComment({ text: 'primero' });
    const missed = aComment({ text: 'perdido durante el corte' });
    const listComments = vi
      .fn()
      .mockResolvedValueOnce(page([first]))
      .mockResolvedValue(page([first, missed]));
    renderSection(fakeApiClient({ 'comments.list': listComments }), signedOut, 1, subscribe);
    await screen.findByText('primero');
    const live = aComment({ text: 'en directo' });
    act(() => listener!({ type: 'created', comment: live }));
    act(() => listener!({ type: 'created', comment: live }));
    act(() => listener!({ type: 'created', comment: aComment({ postId: 'otra', text: 'de otra anécdota' }) }));
    expect(shownTexts()).toEqual(['primero', 'en directo']);
    expect(screen.getByRole('heading', { name: '2 comentarios' })).toBeTruthy();
    act(() => listener!({ type: 'reconnected' }));
    await screen.findByText('perdido durante el corte');
    expect(shownTexts()).toEqual(['primero', 'perdido durante el corte']);
    expect(listComments).toHaveBeenCalledTimes(2);
  });
});
