import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { base64urlBytes, PushSettings } from '../../web/src/features/notifications/PushSettings';
import { ApiContext, type ApiClient } from '../../web/src/lib/api';
import { fakeApiClient } from './factories';
import { WithQueries } from './queries';

const KEY = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString('base64url');
const JSON_SUBSCRIPTION = { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys: { p256dh: 'p', auth: 'a' } };

type Fakes = {
  permission: NotificationPermission;
  answer?: NotificationPermission;
  existing?: boolean;
};

/** A browser with a service worker, the Push API and notifications, as far as the component uses them. */
function browser({ permission, answer = 'granted', existing = false }: Fakes) {
  let current: PushSubscription | null = null;
  const unsubscribe = vi.fn(() => Promise.resolve(true));
  const makeSubscription = () =>
    ({ endpoint: JSON_SUBSCRIPTION.endpoint, toJSON: () => JSON_SUBSCRIPTION, unsubscribe }) as unknown as PushSubscription;
  if (existing) current = makeSubscription();
  const subscribe = vi.fn(() => {
    current = makeSubscription();
    return Promise.resolve(current);
  });
  const registration = { pushManager: { subscribe, getSubscription: () => Promise.resolve(current) } };
  const requestPermission = vi.fn(() => {
    notification.permission = answer;
    return Promise.resolve(answer);
  });
  const notification = { permission, requestPermission };
  vi.stubGlobal('Notification', notification);
  vi.stubGlobal('PushManager', function PushManager() {});
  const register = vi.fn(() => Promise.resolve(registration));
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: () => Promise.resolve(registration), register, ready: Promise.resolve(registration) },
  });
  return { subscribe, requestPermission, unsubscribe };
}

function show(api: ApiClient) {
  render(
    <ApiContext.Provider value={api}>
      <WithQueries>
        <PushSettings />
      </WithQueries>
    </ApiContext.Provider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('«Activar avisos en este dispositivo» (/avisos)', () => {
  it('asks for permission only on the click, subscribes with the site key and stores the subscription', async () => {
    const user = userEvent.setup();
    const fakes = browser({ permission: 'default' });
    const subscribePush = vi.fn(() => Promise.resolve());
    const pushKey = vi.fn(() => Promise.resolve({ publicKey: KEY }));
    show(fakeApiClient({ 'notifications.subscribe': subscribePush, 'notifications.pushKey': pushKey }));
    const button = await screen.findByRole('button', { name: 'Activar avisos en este dispositivo' });
    expect(screen.getByRole('status').textContent).toMatch(/^Desactivados/);
    // Nothing asked on load.
    expect(fakes.requestPermission).not.toHaveBeenCalled();
    expect(subscribePush).not.toHaveBeenCalled();

    await user.click(button);
    expect(fakes.requestPermission).toHaveBeenCalledTimes(1);
    expect(fakes.subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: base64urlBytes(KEY) });
    expect(
      Array.from((fakes.subscribe.mock.calls[0] as unknown as [{ applicationServerKey: Uint8Array }])[0].applicationServerKey),
    ).toEqual(Array.from(Buffer.from(KEY, 'base64url')));
    expect(subscribePush).toHaveBeenCalledWith({ body: JSON_SUBSCRIPTION });
    expect((await screen.findByRole('status')).textContent).toMatch(/^Activados/);
    expect(screen.getByRole('button', { name: 'Desactivar avisos en este dispositivo' })).toBeTruthy();
  });

  it('says «Bloqueados» when the permission is refused, and stores nothing', async () => {
    const user = userEvent.setup();
    const fakes = browser({ permission: 'default', answer: 'denied' });
    const subscribePush = vi.fn(() => Promise.resolve());
    show(fakeApiClient({ 'notifications.subscribe': subscribePush, 'notifications.pushKey': () => Promise.resolve({ publicKey: KEY }) }));
    await user.click(await screen.findByRole('button', { name: 'Activar avisos en este dispositivo' }));
    expect((await screen.findByRole('status')).textContent).toMatch(/^Bloqueados/);
    expect(fakes.subscribe).not.toHaveBeenCalled();
    expect(subscribePush).not.toHaveBeenCalled();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says «Bloqueados» at once when the browser already blocks the site, without asking', async () => {
    const fakes = browser({ permission: 'denied' });
    show(fakeApiClient({}));
    expect((await screen.findByText(/^Bloqueados/)).getAttribute('role')).toBe('status');
    expect(fakes.requestPermission).not.toHaveBeenCalled();
  });

  it('says «No disponibles» in a browser without service workers or the Push API', async () => {
    vi.stubGlobal('Notification', { permission: 'default', requestPermission: vi.fn() });
    show(fakeApiClient({}));
    expect(await screen.findByText(/^No disponibles/)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows «Activados» for a device already subscribed (stored again for this account), and turns it off', async () => {
    const user = userEvent.setup();
    const fakes = browser({ permission: 'granted', existing: true });
    const subscribePush = vi.fn(() => Promise.resolve());
    const unsubscribePush = vi.fn(() => Promise.resolve());
    show(fakeApiClient({ 'notifications.subscribe': subscribePush, 'notifications.unsubscribe': unsubscribePush }));
    expect(await screen.findByText(/^Activados/)).toBeTruthy();
    expect(subscribePush).toHaveBeenCalledWith({ body: JSON_SUBSCRIPTION });
    await user.click(screen.getByRole('button', { name: 'Desactivar avisos en este dispositivo' }));
    expect(unsubscribePush).toHaveBeenCalledWith({ body: { endpoint: JSON_SUBSCRIPTION.endpoint } });
    expect(fakes.unsubscribe).toHaveBeenCalled();
    expect(await screen.findByText(/^Desactivados/)).toBeTruthy();
  });

  it('says why when storing the subscription fails, and stays off', async () => {
    const user = userEvent.setup();
    browser({ permission: 'default' });
    const { ApiError } = await import('../../web/src/lib/api');
    const subscribePush = vi.fn(() => Promise.reject(new ApiError('Esa suscripción a avisos no es válida.', 400, 'INVALID_SUBSCRIPTION')));
    show(fakeApiClient({ 'notifications.subscribe': subscribePush, 'notifications.pushKey': () => Promise.resolve({ publicKey: KEY }) }));
    await user.click(await screen.findByRole('button', { name: 'Activar avisos en este dispositivo' }));
    expect(await screen.findByText('Esa suscripción a avisos no es válida.')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toMatch(/^Desactivados/);
  });
});
