/**
 * Blocking in the web (docs/web.md): a blocked author's posts and comments fold for the reader
 * wherever a card or a comment appears (they all come through the app's card parts), from the one
 * `GET /me/blocks`; «Bloquear» next to a comment folds at once; «Mi cuenta» lists blocks and undoes
 * them. And mentions: `@apodo` in a comment is a link once its author page exists, text otherwise.
 */
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { Me } from '@contract/accounts';
import { Announcements } from '../../web/src/components/Announcements';
import { FeedView } from '../../web/src/components/FeedView';
import { BlockedList } from '../../web/src/features/blocks/BlockedList';
import { CommentsSection } from '../../web/src/features/comments/CommentsSection';
import { NotificationLine } from '../../web/src/features/notifications/NotificationsPage';
import { ApiError, type ApiClient } from '../../web/src/lib/api';
import { aComment, aMe, aPost, fakeApiClient, feedOf } from './factories';
import { FakeSocket } from './fakeSocket';
import { providers } from './queries';

const me = aMe({ name: 'Marta', email: 'marta@example.com' });
const FOLD = 'Contenido de alguien que bloqueaste';

function renderAs(api: ApiClient, account: Me | null, children: ReactNode) {
  vi.stubGlobal('WebSocket', FakeSocket);
  render(
    providers(
      api,
      account ? account.email : null,
      <>
        <Announcements />
        {children}
      </>,
      '/',
      { me: account ?? undefined },
    ),
  );
}

const readRoutes = (blocked: string[]) => ({
  'votes.mine': vi.fn(async () => ({ votes: {} })),
  'saved.ids': vi.fn(async () => ({ ids: [] })),
  'blocks.list': vi.fn(async () => ({ names: blocked })),
});

describe('a blocked author’s posts', () => {
  it('fold in a feed («Contenido de alguien que bloqueaste · Mostrar»), and «Mostrar» opens that one only', async () => {
    const [first, second] = [aPost({ name: 'Rosa', post: 'Primera de Rosa' }), aPost({ name: 'Rosa', post: 'Segunda de Rosa' })];
    const other = aPost({ name: 'Luis', post: 'La de Luis' });
    renderAs(fakeApiClient(readRoutes(['Rosa'])), me, <FeedView feed={feedOf([first, other, second])} emptyText="" />);

    await vi.waitFor(() => expect(screen.getAllByText(FOLD)).toHaveLength(2));
    expect(screen.queryByText('Primera de Rosa')).toBeNull();
    expect(screen.queryByText('Segunda de Rosa')).toBeNull();
    screen.getByText('La de Luis');

    fireEvent.click(screen.getAllByRole('button', { name: 'Mostrar' })[0]!);
    screen.getByText('Primera de Rosa');
    expect(screen.queryByText('Segunda de Rosa')).toBeNull();
    expect(screen.getAllByText(FOLD)).toHaveLength(1);
  });

  it('fold for nobody signed out: the list is never asked for', () => {
    const list = vi.fn(async () => ({ names: ['Rosa'] }));
    renderAs(
      fakeApiClient({ 'blocks.list': list }),
      null,
      <FeedView feed={feedOf([aPost({ name: 'Rosa', post: 'De Rosa' })])} emptyText="" />,
    );
    screen.getByText('De Rosa');
    expect(list).not.toHaveBeenCalled();
    expect(screen.queryByText(FOLD)).toBeNull();
  });
});

describe('«Bloquear» in a comment’s row', () => {
  it('blocks its author with an Idempotency-Key and folds their comments at once; none on one’s own', async () => {
    const blocked: string[] = [];
    let answer: () => void = () => undefined;
    const block = vi.fn(
      () =>
        new Promise<undefined>((resolve) => {
          answer = () => {
            blocked.push('Rosa');
            resolve(undefined);
          };
        }),
    );
    const api = fakeApiClient({
      ...readRoutes([]),
      'blocks.list': vi.fn(async () => ({ names: [...blocked] })),
      'comments.list': vi.fn(async () => ({
        items: [
          aComment({ name: 'Rosa', text: 'Primero de Rosa' }),
          aComment({ name: 'Marta', text: 'Mío' }),
          aComment({ name: 'Rosa', text: 'Otro de Rosa' }),
        ],
        nextCursor: null,
      })),
      'blocks.block': block,
    });
    renderAs(api, me, <CommentsSection postId="p0001" viewer={{ status: 'signedIn', name: 'Marta', moderator: false }} initialCount={3} />);

    const first = within((await screen.findByText('Primero de Rosa')).closest('li')!);
    fireEvent.click(await first.findByRole('button', { name: 'Bloquear a Rosa' }));
    // Folded before the API has answered: both of hers, not mine (which never offered «Bloquear»).
    await vi.waitFor(() => expect(screen.getAllByText(FOLD)).toHaveLength(2));
    expect(within(screen.getByText('Mío').closest('li')!).queryByRole('button', { name: /Bloquear/ })).toBeNull();
    expect(block).toHaveBeenCalledWith({ params: { name: 'Rosa' } }, { idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    answer();
    // Said in the site's status area: the button left with the folded comment.
    await vi.waitFor(() => expect(screen.getByRole('status').textContent).toContain('Has bloqueado a Rosa'));
    expect(screen.getAllByText(FOLD)).toHaveLength(2);
  });

  it('puts the comments back and says why when the API refuses', async () => {
    const api = fakeApiClient({
      ...readRoutes([]),
      'comments.list': vi.fn(async () => ({ items: [aComment({ name: 'Rosa', text: 'De Rosa' })], nextCursor: null })),
      'blocks.block': vi.fn(async () => {
        throw new ApiError('Vas demasiado rápido. Espera un minuto y vuelve a intentarlo.', 429, 'TOO_MANY_CHANGES');
      }),
    });
    renderAs(api, me, <CommentsSection postId="p0001" viewer={{ status: 'signedIn', name: 'Marta', moderator: false }} initialCount={1} />);
    const item = within((await screen.findByText('De Rosa')).closest('li')!);
    fireEvent.click(await item.findByRole('button', { name: 'Bloquear a Rosa' }));
    await vi.waitFor(() => expect(screen.getByRole('status').textContent).toContain('No se pudo bloquear a Rosa. Vas demasiado rápido'));
    screen.getByText('De Rosa');
    expect(screen.queryByText(FOLD)).toBeNull();
  });
});

describe('«Mi cuenta»: cuentas bloqueadas', () => {
  it('lists the blocked apodos as links to their pages and undoes a block', async () => {
    const unblock = vi.fn(async () => undefined);
    const list = vi
      .fn()
      .mockResolvedValueOnce({ names: ['Álvaro', 'Rosa'] })
      .mockResolvedValue({ names: ['Rosa'] });
    renderAs(fakeApiClient({ 'blocks.list': list, 'blocks.unblock': unblock }), me, <BlockedList />);

    const blocked = await screen.findByRole('list', { name: 'Cuentas bloqueadas' });
    expect(
      within(blocked)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Álvaro', 'Rosa']);
    expect(within(blocked).getByRole('link', { name: 'Álvaro' }).getAttribute('href')).toBe('/autor/%C3%81lvaro');
    fireEvent.click(within(blocked).getByRole('button', { name: 'Desbloquear a Álvaro' }));
    await vi.waitFor(() => expect(within(blocked).queryByRole('link', { name: 'Álvaro' })).toBeNull());
    expect(unblock).toHaveBeenCalledWith({ params: { name: 'Álvaro' } }, { idempotencyKey: expect.any(String) });
    await vi.waitFor(() => expect(list).toHaveBeenCalledTimes(2));
    expect(
      within(blocked)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Rosa']);
  });

  it('says how to block someone when the list is empty', async () => {
    renderAs(fakeApiClient({ 'blocks.list': vi.fn(async () => ({ names: [] })) }), me, <BlockedList />);
    await screen.findByText(/No has bloqueado a nadie/);
  });
});

describe('mentions in a comment', () => {
  it('links the apodos someone holds to their page, as text and links only, and leaves the rest as text', async () => {
    const authors = vi.fn(async ({ params }: { params: { name: string } }) => {
      if (params.name === 'maria') return { name: 'María', since: null, posts: 0, votes: { agree: 0, deserved: 0 } };
      throw new ApiError('No hay nadie con ese apodo.', 404, 'AUTHOR_NOT_FOUND');
    });
    const api = fakeApiClient({
      ...readRoutes([]),
      'comments.list': vi.fn(async () => ({
        items: [aComment({ name: 'Rosa', text: 'Mira, @maria: <b>esto</b> no es de @nadie.' })],
        nextCursor: null,
      })),
      'authors.get': authors,
    });
    renderAs(api, me, <CommentsSection postId="p0001" viewer={{ status: 'signedIn', name: 'Marta', moderator: false }} initialCount={1} />);

    const link = await screen.findByRole('link', { name: '@maria' });
    expect(link.getAttribute('href')).toBe('/autor/Mar%C3%ADa');
    const text = link.closest('p')!;
    expect(text.textContent).toBe('Mira, @maria: <b>esto</b> no es de @nadie.');
    expect(text.querySelector('b')).toBeNull();
    await vi.waitFor(() => expect(authors).toHaveBeenCalledTimes(2));
    expect(within(text).getAllByRole('link')).toHaveLength(1);
  });

  it('says who mentioned the reader in «Avisos»', () => {
    renderAs(
      fakeApiClient(),
      me,
      <NotificationLine
        notification={{
          id: 'mention#1',
          type: 'comment.mention',
          name: 'Rosa',
          postId: 'p1',
          createdAt: new Date().toISOString(),
          read: false,
        }}
        now={new Date()}
      />,
    );
    expect(screen.getByText(/Rosa te ha mencionado en un comentario sobre/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'una anécdota' }).getAttribute('href')).toBe('/post/p1');
  });
});
