import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { Me } from '@contract/accounts';
import type { RuntimeConfig } from '@contract/documents';
import type { Notification } from '@contract/notifications';
import { NotificationBell, bellCount } from '../../web/src/app/NotificationBell';
import { AuthContext } from '../../web/src/features/auth/context';
import type { AuthService } from '../../web/src/features/auth/types';
import NotificationsPage from '../../web/src/features/notifications/NotificationsPage';
import { ApiContext, type ApiClient } from '../../web/src/lib/api';
import { ConfigContext } from '../../web/src/lib/config';
import { formatPostDate } from '../../web/src/lib/format';
import { anAuthContext, fakeApiClient, type FakeRoute } from './factories';
import { FakeSocket, withFakeSockets } from './fakeSocket';
import { SignedIn, WithQueries, providers } from './queries';

const POST = '0b0e8d4c-6e1f-4b7a-9c3d-2a1b0c9d8e7f';
const at = '2026-11-25T10:00:00.000Z';
const notification = (overrides: Partial<Notification> & Pick<Notification, 'type'>): Notification =>
  ({ id: `${overrides.type}#${POST}`, postId: POST, createdAt: at, read: false, ...overrides }) as Notification;

const config: RuntimeConfig = {
  region: 'eu-west-1',
  userPoolId: 'pool',
  userPoolClientId: 'client',
  apiUrl: 'http://api.invalid',
  wsUrl: 'ws://live.invalid/live',
};

function page(api: ApiClient) {
  render(providers(api, undefined, <NotificationsPage />));
}

/** Noon of 25 November 2026 on the reader's clock: «Hoy» is the 25th, «Ayer» the 24th. */
const NOW = new Date(2026, 10, 25, 12, 0, 0);
const ago = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000).toISOString();

describe('«Avisos» (/avisos)', () => {
  beforeEach(() => {
    // Only the clock: the waits of Testing Library keep their real timers.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it('says each one on one line — what happened, the anecdote’s first words as a link, how long ago — grouped by day', async () => {
    const user = userEvent.setup();
    const firstPage = {
      items: [
        notification({ type: 'comment.created', name: 'Rocío', count: 1, createdAt: ago(5), excerpt: 'Hoy se me cayó el móvil al váter…' }),
        notification({ type: 'comment.created', id: 'comment#2', name: 'Luis', count: 3, createdAt: ago(90), read: true }),
        notification({
          type: 'post.rejected',
          id: 'rejected#1',
          reason: 'ofensiva',
          createdAt: ago(24 * 60),
          read: true,
          excerpt: 'Mi jefe',
        }),
      ],
      nextCursor: 'c1',
    };
    const secondPage = {
      items: [
        notification({ type: 'post.top', id: 'top#1', read: true, createdAt: '2026-11-20T09:30:00.000Z', excerpt: 'El día de la boda' }),
      ],
      nextCursor: null,
    };
    // Each page by its cursor (opening the page reads the list again once its unread one is marked).
    const list = vi.fn<FakeRoute<'notifications.list'>>(async (input) => (input?.query?.cursor === 'c1' ? secondPage : firstPage));
    page(fakeApiClient({ 'notifications.list': list, 'notifications.markRead': vi.fn(async () => {}) }));
    const all = await screen.findByRole('group', { name: 'Tus avisos, del más nuevo al más antiguo' });
    expect(
      within(all)
        .getAllByRole('heading', { level: 2 })
        .map((heading) => heading.textContent),
    ).toEqual(['Hoy', 'Ayer']);

    const [first, second, third] = within(all).getAllByRole('listitem');
    expect(first!.textContent).toBe('NuevoRocío ha comentado «Hoy se me cayó el móvil al váter…» hace 5 min');
    const link = within(first!).getByRole('link', { name: '«Hoy se me cayó el móvil al váter…»' });
    expect(link.getAttribute('href')).toBe(`/post/${POST}`);
    const time = first!.querySelector('time')!;
    expect(time.getAttribute('datetime')).toBe(ago(5));
    expect(time.getAttribute('title')).toBe(formatPostDate(ago(5)));
    // Without its words (a post no longer there), the line still reads, and the link says «tu anécdota».
    expect(second!.textContent).toBe('3 comentarios nuevos, el último de Luis, en tu anécdota hace 1 h');
    // A rejected one leads to «Mis anécdotas», where it can be edited and sent again.
    expect(third!.textContent).toBe('No se ha publicado (Es ofensiva) «Mi jefe» hace 1 día');
    expect(within(third!).getByRole('link', { name: '«Mi jefe»' }).getAttribute('href')).toBe('/mis-anecdotas');
    // No line runs into the next: each notice is a list item of its own, its time never inside the link.
    expect(link.contains(time)).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Cargar más' }));
    await screen.findByRole('heading', { level: 2, name: '20 de noviembre' });
    expect(screen.getByRole('link', { name: '«El día de la boda»' }).closest('li')!.textContent).toBe(
      'Ha entrado en el Top 10 del día «El día de la boda» hace 5 días',
    );
    expect(list).toHaveBeenLastCalledWith({ query: expect.objectContaining({ cursor: 'c1' }) }, expect.anything());
  });

  it('has an empty state', async () => {
    page(fakeApiClient({ 'notifications.list': vi.fn(async () => ({ items: [], nextCursor: null })) }));
    expect(await screen.findByText(/Todavía no tienes avisos/)).toBeTruthy();
  });

  it('shows one skeleton of its rows while the first page loads, not spinners', async () => {
    page(fakeApiClient({ 'notifications.list': vi.fn<FakeRoute<'notifications.list'>>(() => new Promise(() => {})) }));
    const skeleton = await screen.findByRole('list', { name: 'Cargando tus avisos…' });
    expect(skeleton.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByText('Cargando tus avisos…').getAttribute('role')).toBe('status');
    expect(document.querySelectorAll('[aria-busy="true"]')).toHaveLength(1);
    expect(document.querySelector('.spinner')).toBeNull();
  });
});

describe('the bell', () => {
  withFakeSockets();

  const me = (unread: number): Me => ({
    name: 'Ana',
    email: 'a@example.com',
    moderator: false,
    suspendedUntil: null,
    suspensionReason: null,
    unreadNotifications: unread,
    appeal: null,
  });

  /** The bell as the header shows it, with GET /me's count read again on every reload. */
  function bell(counts: number[], token = 'id-token-1', withPage?: Parameters<typeof fakeApiClient>[0]) {
    const tokens = [token];
    const service = { getIdToken: vi.fn(async () => tokens[0]!) } as unknown as AuthService;
    const auth = anAuthContext({ status: 'signedIn', user: { displayName: 'a@example.com' } }, service);
    // GET /me: the first read, then one more for each time the bell reads it again.
    const meCall = vi.fn(async () => me(counts.length > 1 ? counts.shift()! : (counts[0] ?? 0)));
    render(
      <ConfigContext.Provider value={config}>
        <AuthContext.Provider value={auth}>
          <ApiContext.Provider value={fakeApiClient({ 'accounts.me': meCall, ...withPage })}>
            <WithQueries>
              <SignedIn as="a@example.com">
                <MemoryRouter>
                  <NotificationBell />
                  {withPage && <NotificationsPage />}
                </MemoryRouter>
              </SignedIn>
            </WithQueries>
          </ApiContext.Provider>
        </AuthContext.Provider>
      </ConfigContext.Provider>,
    );
    /** How many times the bell read GET /me again (after the first read). */
    const rereads = () => meCall.mock.calls.length - 1;
    return { rereads, tokens };
  }

  it('shows the unread count, «9+» past nine', () => {
    expect([0, 1, 9, 10, 250].map(bellCount)).toEqual(['0', '1', '9', '9+', '9+']);
  });

  it('opens its socket with the ID token, and reads the count again on each notification, announcing it only when it changes', async () => {
    const { rereads } = bell([2, 2, 3, 3]);
    const link = await screen.findByRole('link', { name: 'Avisos 2 sin leer' });
    expect(link.getAttribute('href')).toBe('/avisos');
    await waitFor(() => expect(FakeSocket.instances).toHaveLength(1));
    expect(new URL(FakeSocket.latest().url).searchParams.get('token')).toBe('id-token-1');
    const region = document.querySelector('[aria-live="polite"]')!;
    expect(region.textContent).toBe('Tienes 2 avisos sin leer');
    act(() => FakeSocket.latest().open());
    await waitFor(() => expect(rereads()).toBe(1));

    act(() => FakeSocket.latest().send({ type: 'notification.created', notification: notification({ type: 'post.published' }) }));
    await screen.findByRole('link', { name: 'Avisos 3 sin leer' });
    expect(region.textContent).toBe('Tienes 3 avisos sin leer');
    // A public message is not a notification: nothing is read again.
    act(() => FakeSocket.latest().send({ type: 'post.removed', id: POST }));
    expect(rereads()).toBe(2);
    // Another notification whose count is the same: the region's text stays as it was (nothing announced).
    const before = region.textContent;
    act(() => FakeSocket.latest().send({ type: 'notification.created', notification: notification({ type: 'post.top' }) }));
    await waitFor(() => expect(rereads()).toBe(3));
    expect(region.textContent).toBe(before);
  });

  it('reads the count again when its socket first opens: a notification from before then reached no socket', async () => {
    // GET /me said 0; a notification arrived before the socket (opened after the take-over) was open.
    bell([0, 1]);
    await screen.findByRole('link', { name: 'Avisos' });
    await waitFor(() => expect(FakeSocket.instances).toHaveLength(1));
    act(() => FakeSocket.latest().open());
    await screen.findByRole('link', { name: 'Avisos 1 sin leer' });
  });

  it('reconnects with the token as it is then (after a refresh)', async () => {
    const { tokens } = bell([0]);
    await waitFor(() => expect(FakeSocket.instances).toHaveLength(1));
    act(() => FakeSocket.latest().open());
    tokens[0] = 'id-token-2';
    vi.useFakeTimers();
    try {
      act(() => FakeSocket.latest().drop());
      await act(async () => {
        await vi.advanceTimersByTimeAsync(31_000);
      });
    } finally {
      vi.useRealTimers();
    }
    await waitFor(() => expect(FakeSocket.instances).toHaveLength(2));
    expect(new URL(FakeSocket.latest().url).searchParams.get('token')).toBe('id-token-2');
  });

  it('drops its count at once when «Avisos» opens and marks what it shows read, then shows the server’s count', async () => {
    let answer: () => void = () => {};
    const markRead = vi.fn(() => new Promise<void>((resolve) => (answer = resolve)));
    const list = vi.fn(async () => ({
      items: [
        notification({ type: 'post.published', id: 'published#1' }),
        notification({ type: 'post.top', id: 'top#1' }),
        notification({ type: 'post.rejected', id: 'rejected#1', reason: 'otro', read: true }),
      ],
      nextCursor: null,
    }));
    // GET /me: 3 unread when the bell first reads it; 1 once the server has marked them (one arrived meanwhile).
    bell([3, 1], 'id-token-1', { 'notifications.list': list, 'notifications.markRead': markRead });
    await screen.findByRole('link', { name: 'Avisos 3 sin leer' });
    // Before the server has answered, the bell has already dropped the two shown unread.
    await screen.findByRole('link', { name: 'Avisos 1 sin leer' });
    expect(markRead).toHaveBeenCalledTimes(1);
    expect(markRead).toHaveBeenCalledWith({ body: { ids: ['published#1', 'top#1'] } });
    // The ones that were unread still say «Nuevo» on this visit.
    expect(screen.getAllByText('Nuevo')).toHaveLength(2);
    act(() => answer());
    await waitFor(() => expect(list).toHaveBeenCalledTimes(2));
    expect(screen.getByRole('link', { name: 'Avisos 1 sin leer' })).toBeTruthy();
    expect(markRead).toHaveBeenCalledTimes(1);
  });

  it('says «una anécdota», not «tu anécdota», for a reply or a mention under someone else’s post', async () => {
    const reply = notification({ type: 'comment.reply', id: 'reply#1', name: 'Carla', createdAt: ago(2) });
    page(
      fakeApiClient({
        'notifications.list': async () => ({ items: [reply], nextCursor: null }),
        'notifications.markRead': vi.fn(async () => {}),
      }),
    );
    await screen.findByText(/Carla ha respondido a tu comentario en/);
    expect(screen.getByRole('link', { name: 'una anécdota' }).getAttribute('href')).toBe(`/post/${POST}`);
    expect(screen.queryByText('tu anécdota')).toBeNull();
  });
});
