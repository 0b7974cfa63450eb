import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { Comment, CommentPage } from '@contract/comments';
import { ERRORS } from '@contract/errors';
import { CommentsSection } from '../../web/src/features/comments/CommentsSection';
import type { Viewer } from '../../web/src/features/comments/viewer';
import { ApiContext, ApiError, type ApiClient } from '../../web/src/lib/api';
import { aComment, fakeApiClient, type FakeRoute } from './factories';
import { WithQueries } from './queries';

const signedIn: Viewer = { status: 'signedIn', name: 'marta', moderator: false };
const page = (items: Comment[], nextCursor: string | null = null): CommentPage => ({ items, nextCursor });

function renderSection(api: ApiClient, viewer: Viewer, initialCount = 1) {
  render(
    <ApiContext.Provider value={api}>
      <WithQueries>
        <MemoryRouter>
          <CommentsSection postId="p0001" viewer={viewer} initialCount={initialCount} />
        </MemoryRouter>
      </WithQueries>
    </ApiContext.Provider>,
  );
}

afterEach(() => window.localStorage.clear());

describe('the conversation under a post', () => {
  it('folds a comment the community buried, and shows it on «Ver»', async () => {
    const user = userEvent.setup();
    const buried = aComment({ name: 'lucas', text: 'Nadie quiere leer esto', votes: { up: 0, down: 5 }, collapsed: true });
    renderSection(fakeApiClient({ 'comments.list': async () => page([buried]) }), signedIn);
    await screen.findByText(/Comentario enterrado por la comunidad/);
    expect(screen.queryByText('Nadie quiere leer esto')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Ver' }));
    expect(screen.getByText('Nadie quiere leer esto')).toBeTruthy();
  });

  it('moves a «+1» at once and puts it back with a Spanish message when the API refuses; none on one’s own comment', async () => {
    const user = userEvent.setup();
    const theirs = aComment({ name: 'lucas', text: 'Suyo' });
    const mine = aComment({ name: 'marta', text: 'Mío' });
    let refuse: (error: Error) => void = () => undefined;
    const vote = vi.fn<FakeRoute<'comments.vote'>>(() => new Promise((_resolve, reject) => (refuse = reject)));
    renderSection(fakeApiClient({ 'comments.list': async () => page([theirs, mine]), 'comments.vote': vote }), signedIn, 2);
    await screen.findByText('Suyo');
    expect(screen.getAllByRole('button', { name: /^\+1/ })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: '+1 0' }));
    const pressed = await screen.findByRole('button', { name: '+1 1' });
    expect(pressed.getAttribute('aria-pressed')).toBe('true');
    expect(vote.mock.calls[0]![0]).toEqual({ params: { id: theirs.id }, body: { vote: 'up' } });
    refuse(new ApiError(ERRORS.INTERNAL_ERROR.message, 500, 'INTERNAL_ERROR'));
    await screen.findByRole('button', { name: '+1 0' });
    expect((await screen.findByRole('alert')).textContent).toContain('No se ha guardado tu voto');
  });

  it('shows the first replies, reads the rest on «Ver N respuestas más», and answers with the author’s @apodo', async () => {
    const user = userEvent.setup();
    const top = aComment({ name: 'lucas', text: 'Arriba' });
    const replies = [1, 2, 3, 4, 5].map((n) => aComment({ parentId: top.id, name: 'sara', text: `Respuesta ${n}` }));
    const listReplies = vi.fn<FakeRoute<'comments.replies'>>(async () => page(replies));
    const create = vi.fn<FakeRoute<'comments.create'>>(async ({ body }) => aComment({ parentId: top.id, name: 'marta', text: body.text }));
    renderSection(
      fakeApiClient({
        'comments.list': async () => page([{ ...top, replyCount: 5, replies: replies.slice(0, 3) }]),
        'comments.replies': listReplies,
        'comments.create': create,
      }),
      signedIn,
      6,
    );
    await screen.findByText('Respuesta 3');
    expect(screen.queryByText('Respuesta 4')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Ver 2 respuestas más' }));
    await screen.findByText('Respuesta 5');
    expect(listReplies).toHaveBeenCalledWith({ params: { id: top.id }, query: { cursor: undefined } }, expect.anything());

    await user.click(screen.getAllByRole('button', { name: 'Responder' })[1]!);
    const field = screen.getByRole('textbox', { name: 'Tu respuesta' });
    expect((field as HTMLTextAreaElement).value).toBe('@sara ');
    await user.type(field, 'yo también');
    await user.click(within(field.closest('form')!).getByRole('button', { name: 'Responder' }));
    await screen.findByText('@sara yo también');
    // A reply to a reply names that reply: the API files it under the same top-level comment.
    expect(create.mock.calls[0]![0]).toMatchObject({ body: { text: '@sara yo también', parentId: replies[0]!.id } });
  });

  it('opens «Mejores» once a post has 10 comments, and remembers the reader’s choice', async () => {
    const user = userEvent.setup();
    const list = vi.fn<FakeRoute<'comments.list'>>(async () => page([aComment({ text: 'Uno' })]));
    renderSection(fakeApiClient({ 'comments.list': list }), signedIn, 12);
    await screen.findByText('Uno');
    expect(list).toHaveBeenLastCalledWith({ params: { id: 'p0001' }, query: expect.objectContaining({ sort: 'best' }) }, expect.anything());
    expect(screen.getByRole('button', { name: 'Mejores' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Recientes' }));
    await waitFor(() =>
      expect(list).toHaveBeenLastCalledWith(
        { params: { id: 'p0001' }, query: expect.objectContaining({ sort: 'old' }) },
        expect.anything(),
      ),
    );
    expect(window.localStorage.getItem('vaya-dia:orden-comentarios')).toBe('old');
  });
});
