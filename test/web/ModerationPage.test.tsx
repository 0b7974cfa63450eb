import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ERRORS } from '@contract/errors';
import { type PendingPostWithSimilar } from '@contract/moderation';
import ModerationPage from '../../web/src/features/moderation/ModerationPage';
import { ApiError, type ApiClient } from '../../web/src/lib/api';
import { aComment, anOwnPost, aPost, fakeApiClient, type FakeRoute } from './factories';
import { renderWithApi } from './render';

const pending = (n: number): PendingPostWithSimilar => ({
  id: `q${n}`,
  category: 'amor',
  post: `Pendiente número ${n}`,
  createdAt: '2025-05-03T10:00:00.000Z',
  similar: [],
});
const queueEmpty = () => new ApiError(ERRORS.QUEUE_EMPTY.message, 404, 'QUEUE_EMPTY');

function renderPage(api: ApiClient, moderator = false) {
  renderWithApi(api, <ModerationPage moderator={moderator} />);
}

describe('ModerationPage (/moderar)', () => {
  it('shows one pending post without its author, votes «Publicable», then shows the next', async () => {
    const user = userEvent.setup();
    const nextForModeration = vi.fn().mockResolvedValueOnce(pending(1)).mockResolvedValueOnce(pending(2));
    const voteOnPost = vi.fn(async () => ({ status: 'pending' as const, tally: { publish: 2, reject: 1 } }));
    renderPage(fakeApiClient({ 'moderation.next': nextForModeration, 'moderation.vote': voteOnPost }));

    const card = (await screen.findByText('Pendiente número 1')).closest('article')!;
    expect(card.textContent).not.toMatch(/Publicado por/);
    await user.click(within(card).getByRole('button', { name: 'Publicable' }));
    expect(voteOnPost).toHaveBeenCalledWith({ params: { id: 'q1' }, body: { vote: 'publish' } });
    await screen.findByText('Pendiente número 2');
    expect(screen.getByText('Gracias, tu voto cuenta. Votos: 2 a favor y 1 en contra.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'No publicable' }));
    expect(voteOnPost).toHaveBeenLastCalledWith({ params: { id: 'q2' }, body: { vote: 'reject' } });
  });

  it('shows the look-alikes of the post being judged, as links, and rejects it as «repetida» with one tap', async () => {
    const user = userEvent.setup();
    const lookAlike = aPost({ id: 'p-igual', post: 'Pendiente número 4, ya publicada.' });
    const nextForModeration = vi
      .fn()
      .mockResolvedValueOnce({ ...pending(4), similar: [lookAlike] })
      .mockResolvedValueOnce(pending(5));
    const voteOnPost = vi.fn(async () => ({ status: 'pending' as const, tally: { publish: 0, reject: 1 } }));
    renderPage(fakeApiClient({ 'moderation.next': nextForModeration, 'moderation.vote': voteOnPost }));

    const card = (await screen.findByText('Pendiente número 4')).closest('article')!;
    const region = within(card).getByRole('region', { name: '¿Se parece a alguna de estas?' });
    expect(within(region).getByRole('link', { name: lookAlike.post }).getAttribute('href')).toBe('/post/p-igual');
    await user.click(within(region).getByRole('button', { name: 'No publicable: repetida' }));
    expect(voteOnPost).toHaveBeenCalledWith({ params: { id: 'q4' }, body: { vote: 'reject', reason: 'repetida' } });
    await screen.findByText('Pendiente número 5');
    // A post with no look-alike shows no panel.
    expect(screen.queryByRole('region', { name: '¿Se parece a alguna de estas?' })).toBeNull();
  });

  it('says so in Spanish when the queue is empty, and can look again', async () => {
    const user = userEvent.setup();
    const nextForModeration = vi.fn().mockRejectedValueOnce(queueEmpty()).mockResolvedValueOnce(pending(3));
    renderPage(fakeApiClient({ 'moderation.next': nextForModeration }));
    await screen.findByText(ERRORS.QUEUE_EMPTY.message);
    await user.click(screen.getByRole('button', { name: 'Buscar otra vez' }));
    await screen.findByText('Pendiente número 3');
  });

  it('shows a loading state, then an error with a retry', async () => {
    const user = userEvent.setup();
    let fail!: (error: Error) => void;
    const nextForModeration = vi
      .fn()
      .mockReturnValueOnce(new Promise((_, reject) => (fail = reject)))
      .mockResolvedValueOnce(pending(4));
    renderPage(fakeApiClient({ 'moderation.next': nextForModeration }));
    expect(screen.getByText('Buscando una anécdota por moderar…')).toBeTruthy();
    fail(new ApiError('No se pudo conectar con el servidor.', 0, 'NETWORK'));
    await screen.findByText('No se pudo conectar con el servidor.');
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    await screen.findByText('Pendiente número 4');
  });

  it('moves on when the post was decided or voted meanwhile, and keeps it when the vote failed for another reason', async () => {
    const user = userEvent.setup();
    const nextForModeration = vi.fn().mockResolvedValueOnce(pending(5)).mockResolvedValueOnce(pending(6));
    const voteOnPost = vi
      .fn()
      .mockRejectedValueOnce(new ApiError(ERRORS.INTERNAL_ERROR.message, 500, 'INTERNAL_ERROR'))
      .mockRejectedValueOnce(new ApiError(ERRORS.POST_NOT_FOUND.message, 404, 'POST_NOT_FOUND'));
    renderPage(fakeApiClient({ 'moderation.next': nextForModeration, 'moderation.vote': voteOnPost }));
    await user.click(await screen.findByRole('button', { name: 'Publicable' }));
    await screen.findByText(ERRORS.INTERNAL_ERROR.message);
    expect(screen.getByText('Pendiente número 5')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Publicable' }));
    await screen.findByText('Pendiente número 6');
    expect(screen.getByText(/ya estaba decidida/)).toBeTruthy();
  });

  it('lets a moderator publish at once and restore or remove what reports hid; others see neither', async () => {
    const user = userEvent.setup();
    const hidden = { ...anOwnPost('hidden', { post: 'Denunciada' }), reports: { count: 3, reasons: [] } };
    const decideOnPost = vi.fn<FakeRoute<'moderation.decide'>>(async ({ body }) => ({
      status: body.decision === 'publish' ? ('published' as const) : ('removed' as const),
    }));
    const api = fakeApiClient({
      'moderation.next': vi.fn().mockResolvedValueOnce(pending(7)).mockRejectedValue(queueEmpty()),
      'moderation.decide': decideOnPost,
      'moderation.reported': vi.fn(async () => ({ posts: [hidden], comments: [] })),
      'moderation.pending': vi.fn(async () => ({ items: [], nextCursor: null })),
    });
    renderPage(api, true);
    await user.click(await screen.findByRole('button', { name: 'Publicar ya' }));
    expect(decideOnPost).toHaveBeenCalledWith({ params: { id: 'q7' }, body: { decision: 'publish' } });
    await screen.findByText('Publicada.');

    const reportedCard = (await screen.findByText('Denunciada')).closest('article')!;
    await user.click(within(reportedCard).getByRole('button', { name: 'Restaurar' }));
    expect(decideOnPost).toHaveBeenLastCalledWith({ params: { id: hidden.id }, body: { decision: 'publish' } });
    await within(reportedCard).findByText(/Restaurada/);
  });

  it('lists the comments reports hid, with their post, to restore or remove', async () => {
    const user = userEvent.setup();
    const hiddenComment = {
      ...aComment({ text: 'Comentario denunciado', postId: 'p0042' }),
      reports: { count: 3, reasons: [{ reason: 'ofensivo' as const, count: 3 }] },
    };
    const decideOnComment = vi.fn(async () => ({ status: 'visible' as const }));
    renderPage(
      fakeApiClient({
        'moderation.next': vi.fn().mockRejectedValue(queueEmpty()),
        'moderation.reported': vi.fn(async () => ({ posts: [], comments: [hiddenComment] })),
        'moderation.pending': vi.fn(async () => ({ items: [], nextCursor: null })),
        'comments.decide': decideOnComment,
      }),
      true,
    );
    const item = (await screen.findByText('Comentario denunciado')).closest('li')!;
    expect(within(item).getByRole('link', { name: 'en esta anécdota' }).getAttribute('href')).toBe('/post/p0042');
    await user.click(within(item).getByRole('button', { name: 'Eliminar' }));
    expect(decideOnComment).toHaveBeenCalledWith({ params: { id: hiddenComment.id }, body: { decision: 'reject' } });
    await within(item).findByText('Eliminado.');
  });

  it('shows no moderator controls to other users', async () => {
    renderPage(fakeApiClient({ 'moderation.next': vi.fn(async () => pending(8)) }));
    await screen.findByText('Pendiente número 8');
    expect(screen.queryByRole('button', { name: 'Publicar ya' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Ocultas por denuncias' })).toBeNull();
  });

  it('«Saltar» skips the post for this reader and shows the next', async () => {
    const user = userEvent.setup();
    const nextForModeration = vi.fn().mockResolvedValueOnce(pending(10)).mockResolvedValueOnce(pending(11));
    const skipPost = vi.fn(async () => undefined);
    renderPage(fakeApiClient({ 'moderation.next': nextForModeration, 'moderation.skip': skipPost }));
    await user.click(await screen.findByRole('button', { name: 'Saltar' }));
    expect(skipPost).toHaveBeenCalledWith({ params: { id: 'q10' } });
    await screen.findByText('Pendiente número 11');
    expect(screen.getByRole('status').textContent).toContain('no te la volveremos a enseñar');
  });

  it('says how many posts the reader helped decide today, and counts again after a vote', async () => {
    const user = userEvent.setup();
    const moderationToday = vi.fn().mockResolvedValueOnce({ votesToday: 0 }).mockResolvedValue({ votesToday: 1 });
    renderPage(
      fakeApiClient({
        'moderation.next': vi.fn().mockResolvedValueOnce(pending(12)).mockRejectedValue(queueEmpty()),
        'moderation.vote': vi.fn(async () => ({ status: 'published' as const, tally: { publish: 3, reject: 0 } })),
        'moderation.today': moderationToday,
      }),
    );
    await screen.findByText('Hoy todavía no has votado ninguna anécdota.');
    await user.click(await screen.findByRole('button', { name: 'Publicable' }));
    await screen.findByText('Hoy has ayudado a decidir 1 anécdota con tu voto. ¡Gracias!');
    expect(screen.getByText('¡Gracias! Con tu voto se ha publicado. Votos: 3 a favor y 0 en contra.')).toBeTruthy();
  });

  it('lists every pending post for a moderator, to publish or reject any of them with a reason', async () => {
    const user = userEvent.setup();
    const decideOnPost = vi.fn<FakeRoute<'moderation.decide'>>(async ({ body }) => ({
      status: body.decision === 'publish' ? ('published' as const) : ('rejected' as const),
    }));
    const pendingPosts = vi
      .fn()
      .mockResolvedValueOnce({ items: [pending(20), pending(21)], nextCursor: 'c1' })
      .mockResolvedValueOnce({ items: [pending(22)], nextCursor: null });
    renderPage(
      fakeApiClient({
        'moderation.next': vi.fn().mockRejectedValue(queueEmpty()),
        'moderation.reported': vi.fn(async () => ({ posts: [], comments: [] })),
        'moderation.pending': pendingPosts,
        'moderation.decide': decideOnPost,
      }),
      true,
    );
    const list = (await screen.findByRole('heading', { name: 'Todas las pendientes' })).closest('section')!;
    await within(list).findByText('Pendiente número 21');
    await user.click(within(list).getByRole('button', { name: 'Cargar más' }));
    const last = (await within(list).findByText('Pendiente número 22')).closest('article')!;
    await user.selectOptions(within(last).getByLabelText('Motivo del rechazo'), 'repetida');
    await user.click(within(last).getByRole('button', { name: 'Rechazar' }));
    expect(decideOnPost).toHaveBeenCalledWith({ params: { id: 'q22' }, body: { decision: 'reject', reason: 'repetida' } });
    await within(last).findByText('Rechazada: Está repetida.');
    const first = screen.getByText('Pendiente número 20').closest('article')!;
    await user.click(within(first).getByRole('button', { name: 'Publicar' }));
    expect(decideOnPost).toHaveBeenLastCalledWith({ params: { id: 'q20' }, body: { decision: 'publish' } });
    await within(first).findByText('Publicada.');
  });

  it('shows each reported post’s count and reasons', async () => {
    const hidden = {
      ...anOwnPost('hidden', { post: 'Muy denunciada' }),
      reports: {
        count: 4,
        reasons: [
          { reason: 'spam' as const, count: 3 },
          { reason: 'datos-personales' as const, count: 1 },
        ],
      },
    };
    renderPage(
      fakeApiClient({
        'moderation.next': vi.fn().mockRejectedValue(queueEmpty()),
        'moderation.reported': vi.fn(async () => ({ posts: [hidden], comments: [] })),
        'moderation.pending': vi.fn(async () => ({ items: [], nextCursor: null })),
      }),
      true,
    );
    const card = (await screen.findByText('Muy denunciada')).closest('article')!;
    expect(card.textContent).toContain('4 denuncias: Spam (3), Datos personales (1)');
  });
});
