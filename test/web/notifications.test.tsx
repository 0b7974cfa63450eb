import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { Me } from '@contract/accounts';
import type { RuntimeConfig } from '@contract/documents';
import type { Notification } from '@contract/notifications';
import { NotificationBell, bellCount } from '../../web/src/app/NotificationBell';
import { AuthContext, type AuthContextValue } from '../../web/src/features/auth/context';
import type { AuthService } from '../../web/src/features/auth/types';
import NotificationsPage from '../../web/src/features/notifications/NotificationsPage';
import { ApiContext, type ApiClient } from '../../web/src/lib/api';
import { ConfigContext } from '../../web/src/lib/config';
import { fakeApiClient } from './factories';
import { FakeSocket } from './fakeSocket';
import { SignedIn, WithQueries } from './queries';

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

function page(api: ApiClient, onRead = vi.fn()) {
  render(
    <ApiContext.Provider value={api}>
      <WithQueries>
        <MemoryRouter>
          <NotificationsPage onRead={onRead} />
        </MemoryRouter>
      </WithQueries>
    </ApiContext.Provider>,
  );
  return onRead;
}

describe('«Avisos» (/avisos)', () => {
  it('lists each kind in words, linking to its post (a rejected one to «Mis anécdotas» with the reason), and pages with «Cargar más»', async () => {
    const user = userEvent.setup();
    const notifications = vi
      .fn()
      .mockResolvedValueOnce({
        items: [
          notification({ type: 'comment.created', name: 'Rocío', count: 3 }),
          notification({ type: 'post.rejected', reason: 'ofensiva' }),
        ],
        nextCursor: 'c1',
      })
      .mockResolvedValueOnce({
        items: [notification({ type: 'post.top', read: true }), notification({ type: 'post.published', read: true })],
        nextCursor: null,
      });
    page(fakeApiClient({ 'notifications.list': notifications }));
    const list = await screen.findByRole('list', { name: 'Tus avisos, del más nuevo al más antiguo' });
    expect(within(list).getByText(/3 comentarios nuevos en tu anécdota; el último, de Rocío\./)).toBeTruthy();
    expect(within(list).getByRole('link', { name: 'Ver los comentarios' }).getAttribute('href')).toBe(`/post/${POST}`);
    expect(within(list).getByText(/Motivo: Es ofensiva\./)).toBeTruthy();
    expect(within(list).getByRole('link', { name: 'Editar y reenviar en Mis anécdotas' }).getAttribute('href')).toBe('/mis-anecdotas');
    await user.click(screen.getByRole('button', { name: 'Cargar más' }));
    await screen.findByText(/ha entrado en el Top 10 del día/);
    expect(notifications).toHaveBeenLastCalledWith({ query: expect.objectContaining({ cursor: 'c1' }) }, expect.anything());
    expect(screen.getByText(/Tu anécdota se ha publicado/)).toBeTruthy();
    // Unread ones say so to a screen reader; read ones do not.
    expect(screen.getAllByText('Sin leer:')).toHaveLength(2);
  });

  it('marks everything read, reads the list again and tells the bell', async () => {
    const user = userEvent.setup();
    const notifications = vi
      .fn()
      .mockResolvedValueOnce({ items: [notification({ type: 'post.published' })], nextCursor: null })
      .mockResolvedValue({ items: [notification({ type: 'post.published', read: true })], nextCursor: null });
    const markNotificationsRead = vi.fn(async () => {});
    const onRead = page(fakeApiClient({ 'notifications.list': notifications, 'notifications.markRead': markNotificationsRead }));
    await user.click(await screen.findByRole('button', { name: 'Marcar todo como leído' }));
    expect(markNotificationsRead).toHaveBeenCalledWith({ body: {} });
    await waitFor(() => expect(screen.queryByText('Sin leer:')).toBeNull());
    expect(onRead).toHaveBeenCalled();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Marcar todo como leído' }).disabled).toBe(true);
  });

  it('has an empty state', async () => {
    page(fakeApiClient({ 'notifications.list': vi.fn(async () => ({ items: [], nextCursor: null })) }));
    expect(await screen.findByText(/Todavía no tienes avisos/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Marcar todo como leído' })).toBeNull();
  });
});

describe('the bell', () => {
  beforeEach(() => {
    FakeSocket.instances = [];
    vi.stubGlobal('WebSocket', FakeSocket);
  });
  afterEach(() => vi.unstubAllGlobals());

  const me = (unread: number): Me => ({
    name: 'Ana',
    email: 'a@example.com',
    moderator: false,
    suspendedUntil: null,
    suspensionReason: null,
    unreadNotifications: unread,
  });

  /** The bell as the header shows it, with GET /me's count read again on every reload. */
  function bell(counts: number[], token = 'id-token-1') {
    const tokens = [token];
    const service = { getIdToken: vi.fn(async () => tokens[0]!) } as unknown as AuthService;
    const auth: AuthContextValue = {
      state: { status: 'signedIn', user: { displayName: 'a@example.com' } },
      service: async () => service,
      refresh: async () => ({ status: 'signedOut' }),
      signOut: async () => {},
      signOutError: null,
      redirectError: null,
    };
    // GET /me: the first read, then one more for each time the bell reads it again.
    const meCall = vi.fn(async () => me(counts.length > 1 ? counts.shift()! : (counts[0] ?? 0)));
    render(
      <ConfigContext.Provider value={config}>
        <AuthContext.Provider value={auth}>
          <ApiContext.Provider value={fakeApiClient({ 'accounts.me': meCall })}>
            <WithQueries>
              <SignedIn as="a@example.com">
                <MemoryRouter>
                  <NotificationBell />
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
});
