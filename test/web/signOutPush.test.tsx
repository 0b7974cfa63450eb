/**
 * Logout takes this device off Web Push: the app's real providers and header, an identity
 * service standing in for Amplify, the real API client over a fetch that records what reaches the API,
 * and a browser whose service worker holds (or not) a push subscription.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders } from '../../web/src/app/AppProviders';
import { Header } from '../../web/src/app/Header';
import { createQueryClient } from '../../web/src/lib/queries';
import { LEAVE_PUSH_TIMEOUT_MS } from '../../web/src/lib/pushDevice';
import { FakeSocket } from './fakeSocket';
import { aMe, anAuthService, testConfig as config } from './factories';

const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/este-movil';
const TOKEN = 'token-de-lucia';
const me = aMe();

/** What happened, in order: API requests (method, path, token, body) and the identity service's sign-out. */
let events: string[] = [];
const service = anAuthService(null, {
  signOut: vi.fn(async () => {
    events.push('signOut');
    service.user = null;
  }),
  // Valid until the session ends.
  getIdToken: vi.fn(async () => (service.user ? TOKEN : null)),
});

// The browser's app loads Amplify's service with a dynamic import; here the providers get the stand-in.
const loadAuth = () => Promise.resolve(service);

/** How the fake API answers DELETE /me/push-subscriptions. */
let deleteAnswer: () => Promise<Response>;

function api(input: string | URL, init: RequestInit = {}): Promise<Response> {
  const url = new URL(input);
  const method = init.method ?? 'GET';
  const authorization = new Headers(init.headers).get('authorization') ?? '';
  events.push(`${method} ${url.pathname} ${authorization} ${typeof init.body === 'string' ? init.body : ''}`.trim());
  if (method === 'GET' && url.pathname === '/me') return Promise.resolve(Response.json(me));
  if (method === 'DELETE' && url.pathname === '/me/push-subscriptions') return deleteAnswer();
  return Promise.resolve(new Response(null, { status: 404 }));
}

/** A browser whose service worker has `subscription` (or none) and whose unsubscribe is recorded. */
function browserWith(hasSubscription: boolean) {
  const unsubscribe = vi.fn(() => {
    events.push('browser unsubscribe');
    return Promise.resolve(true);
  });
  const subscription = hasSubscription ? ({ endpoint: ENDPOINT, unsubscribe } as unknown as PushSubscription) : null;
  const registration = { pushManager: { getSubscription: () => Promise.resolve(subscription) } };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: () => Promise.resolve(registration) },
  });
  return { unsubscribe };
}

function showSignedIn() {
  service.user = { displayName: 'lucia@example.com' };
  render(
    <AppProviders config={config} queryClient={createQueryClient()} maybeSignedIn loadAuth={loadAuth}>
      <MemoryRouter>
        <Header />
      </MemoryRouter>
    </AppProviders>,
  );
}

const pushDelete = `DELETE /me/push-subscriptions Bearer ${TOKEN} ${JSON.stringify({ endpoint: ENDPOINT })}`;
const apiCallsAndSignOut = () => events.filter((event) => !event.startsWith('GET '));

beforeEach(() => {
  events = [];
  deleteAnswer = () => Promise.resolve(new Response(null, { status: 204 }));
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal('fetch', vi.fn(api));
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('Logout takes this device off Web Push', () => {
  it('deletes the subscription with the still-valid token before signing out, then drops it from the browser', async () => {
    const browser = browserWith(true);
    showSignedIn();
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('link', { name: 'Login' })).toBeTruthy();
    expect(apiCallsAndSignOut()).toEqual([pushDelete, 'browser unsubscribe', 'signOut']);
    expect(browser.unsubscribe).toHaveBeenCalledTimes(1);
  });

  it('signs out all the same when the API refuses or cannot be reached, and the browser forgets the subscription anyway', async () => {
    for (const failure of [
      () => Promise.resolve(Response.json({ error: { code: 'INTERNAL_ERROR', message: 'x' } }, { status: 500 })),
      () => Promise.reject(new TypeError('Failed to fetch')),
    ]) {
      events = [];
      deleteAnswer = failure;
      const browser = browserWith(true);
      showSignedIn();
      await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
      expect(await screen.findByRole('link', { name: 'Login' })).toBeTruthy();
      expect(screen.queryByRole('alert')).toBeNull();
      expect(apiCallsAndSignOut()).toEqual([pushDelete, 'browser unsubscribe', 'signOut']);
      expect(browser.unsubscribe).toHaveBeenCalledTimes(1);
      cleanup();
    }
  });

  it('does not wait on an API that never answers for longer than its limit', async () => {
    deleteAnswer = () => new Promise<Response>(() => {});
    browserWith(true);
    showSignedIn();
    const logout = await screen.findByRole('button', { name: 'Logout' });
    const started = Date.now();
    await userEvent.click(logout);
    expect(await screen.findByRole('link', { name: 'Login' }, { timeout: LEAVE_PUSH_TIMEOUT_MS + 2000 })).toBeTruthy();
    expect(Date.now() - started).toBeGreaterThanOrEqual(LEAVE_PUSH_TIMEOUT_MS - 50);
    expect(apiCallsAndSignOut()).toEqual([pushDelete, 'browser unsubscribe', 'signOut']);
  }, 10_000);

  it('calls nothing more than the sign-out when the browser has no push subscription (or no service worker)', async () => {
    browserWith(false);
    showSignedIn();
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('link', { name: 'Login' })).toBeTruthy();
    expect(apiCallsAndSignOut()).toEqual(['signOut']);

    cleanup();
    events = [];
    Reflect.deleteProperty(navigator, 'serviceWorker');
    showSignedIn();
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('link', { name: 'Login' })).toBeTruthy();
    expect(apiCallsAndSignOut()).toEqual(['signOut']);
  });
});
