import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { Me } from '@contract/accounts';
import { PERMANENT_SUSPENSION } from '@contract/accountRules';
import { ERRORS } from '@contract/errors';
import { Header } from '../../web/src/app/Header';
import { SuspensionNotice } from '../../web/src/components/SuspensionNotice';
import AccountPage from '../../web/src/features/account/AccountPage';
import { AuthContext } from '../../web/src/features/auth/context';
import type { AuthState } from '../../web/src/features/auth/types';
import { CommentForm } from '../../web/src/features/comments/CommentForm';
import { NewPostForm } from '../../web/src/features/posts/NewPostForm';
import { rereadAccount, type AccountState } from '../../web/src/lib/account';
import { ApiContext, ApiError, createApiClient, type ApiClient } from '../../web/src/lib/api';
import { ConfigContext } from '../../web/src/lib/config';
import { fakeApiClient, testConfig as config, anAuthContext, type FakeRoute } from './factories';
import { FakeSocket } from './fakeSocket';
import { SignedIn, WithAccount, WithQueries } from './queries';
import { createQueryClient } from '../../web/src/lib/queries';

const me: Me = {
  name: 'Trol',
  email: 'trol@example.com',
  moderator: false,
  suspendedUntil: null,
  suspensionReason: null,
  unreadNotifications: 0,
  appeal: null,
};
const signedIn: AuthState = { status: 'signedIn', user: { displayName: 'trol@example.com' } };

const auth = anAuthContext;

// The header's bell opens the account's own socket.
beforeEach(() => {
  vi.stubGlobal('WebSocket', FakeSocket);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function renderWith(ui: ReactNode, account: Extract<AccountState, { status: 'ready' | 'none' }>, api: ApiClient = fakeApiClient()) {
  render(
    <ConfigContext.Provider value={config}>
      <WithQueries>
        <AuthContext.Provider value={auth(signedIn)}>
          <ApiContext.Provider value={api}>
            <WithAccount state={account}>
              <MemoryRouter>{ui}</MemoryRouter>
            </WithAccount>
          </ApiContext.Provider>
        </AuthContext.Provider>
      </WithQueries>
    </ConfigContext.Provider>,
  );
}

const inAMonth = () => new Date(Date.now() + 30 * 86_400_000).toISOString();
const suspended = (until: string): Extract<AccountState, { status: 'ready' }> => ({
  status: 'ready',
  me: { ...me, suspendedUntil: until },
});

describe('a suspended account is told why and until when', () => {
  it('in the header: until a date, with a link to «Mi cuenta»', () => {
    const until = inAMonth();
    renderWith(<Header />, suspended(until));
    const notice = screen.getByText(/^Tu cuenta está suspendida hasta el/).closest('p')!;
    expect(notice.closest('header')).toBeTruthy();
    expect(notice.querySelector('time')!.getAttribute('datetime')).toBe(until);
    expect(notice.textContent).toMatch(new RegExp(`hasta el .*${new Date(until).getFullYear()}.*\\.`));
    expect(screen.getByRole('link', { name: 'Qué significa' }).getAttribute('href')).toBe('/cuenta');
    // «Recurrir» is its own word after the dot, not glued to the link before it.
    expect(notice.textContent).toMatch(/Qué significa · Recurrir$/);
  });

  it("in the header and in «Mi cuenta»: the moderator's reason, as plain text (markup shows literally)", () => {
    const reason = 'Insultos <b>repetidos</b> & <img src=x onerror=alert(1)>';
    const account: Extract<AccountState, { status: 'ready' }> = {
      status: 'ready',
      me: { ...me, suspendedUntil: inAMonth(), suspensionReason: reason },
    };
    renderWith(<Header />, account);
    const notice = screen.getByText(/^Tu cuenta está suspendida hasta el/).closest('p')!;
    expect(notice.textContent).toContain(`Motivo: «${reason}»`);
    expect(notice.querySelector('b, img')).toBeNull();
    document.body.innerHTML = '';

    renderWith(<AccountPage onDeleted={async () => {}} />, account);
    const section = screen.getByRole('region', { name: 'Cuenta suspendida' });
    expect(section.textContent).toContain(`Motivo: «${reason}»`);
    expect(section.querySelector('b, img')).toBeNull();
  });

  it('without a reason (none recorded), only until when', () => {
    renderWith(<Header />, suspended(inAMonth()));
    expect(screen.getByText(/^Tu cuenta está suspendida hasta el/).closest('p')!.textContent).not.toContain('Motivo');
  });

  it('in the header: for good', () => {
    renderWith(<Header />, suspended(PERMANENT_SUSPENSION));
    expect(screen.getByText('Tu cuenta está suspendida de forma permanente.')).toBeTruthy();
  });

  it('says nothing when there is no suspension, or it is over', () => {
    renderWith(<Header />, { status: 'ready', me });
    expect(screen.queryByText(/Tu cuenta está suspendida/)).toBeNull();
    document.body.innerHTML = '';
    renderWith(<Header />, suspended(new Date(Date.now() - 60_000).toISOString()));
    expect(screen.queryByText(/Tu cuenta está suspendida/)).toBeNull();
    document.body.innerHTML = '';
    renderWith(<SuspensionNotice variant="header" />, { status: 'none' });
    expect(document.body.textContent).toBe('');
  });

  it('in «Mi cuenta»: a section saying until when and what it stops', () => {
    renderWith(<AccountPage onDeleted={async () => {}} />, suspended(PERMANENT_SUSPENSION));
    const section = screen.getByRole('region', { name: 'Cuenta suspendida' });
    expect(section.textContent).toContain('Tu cuenta está suspendida de forma permanente.');
    expect(section.textContent).toContain('no publicar, votar, comentar ni denunciar');
    // The rest of «Mi cuenta» is still there (a suspended account may delete itself).
    expect(screen.getByRole('button', { name: 'Eliminar mi cuenta' })).toBeTruthy();
  });

  it('writes refused with 403 ACCOUNT_SUSPENDED show the API’s message and keep the text: a post, a comment', async () => {
    const user = userEvent.setup();
    const refused = () => Promise.reject(new ApiError(ERRORS.ACCOUNT_SUSPENDED.message, 403, 'ACCOUNT_SUSPENDED'));
    // The form asks for look-alikes as the text grows (none here).
    render(
      <ApiContext.Provider value={fakeApiClient({ 'search.similar': vi.fn(async () => ({ items: [] })) })}>
        <WithQueries>
          <MemoryRouter>
            <NewPostForm onSubmit={vi.fn(refused)} />
          </MemoryRouter>
        </WithQueries>
      </ApiContext.Provider>,
    );
    const post = screen.getByLabelText<HTMLTextAreaElement>(/^Post/);
    await user.click(post);
    await user.paste('Hoy me han suspendido la cuenta');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect((await screen.findByRole('alert')).textContent).toContain(ERRORS.ACCOUNT_SUSPENDED.message);
    expect(post.value).toBe('Hoy me han suspendido la cuenta');
    document.body.innerHTML = '';

    render(
      <ApiContext.Provider value={fakeApiClient({ 'comments.create': vi.fn(refused) })}>
        <WithQueries>
          <CommentForm postId="p0001" onCreated={() => {}} />
        </WithQueries>
      </ApiContext.Provider>,
    );
    const comment = screen.getByRole('textbox');
    await user.click(comment);
    await user.paste('Un comentario');
    await user.click(screen.getByRole('button', { name: /Comentar|Enviar/ }));
    expect((await screen.findByRole('alert')).textContent).toContain(ERRORS.ACCOUNT_SUSPENDED.message);
    expect((comment as HTMLTextAreaElement).value).toBe('Un comentario');
  });

  it('the API client tells the app when a write meets a suspension; the account is then read again and the header says so', async () => {
    const onAccountSuspended = vi.fn();
    const body = { error: { code: 'ACCOUNT_SUSPENDED', message: ERRORS.ACCOUNT_SUSPENDED.message } };
    const client = createApiClient({
      apiUrl: 'https://api.test',
      getIdToken: async () => 'tok',
      fetchImpl: vi.fn(async () => new Response(JSON.stringify(body), { status: 403, headers: { 'content-type': 'application/json' } })),
      onAccountSuspended,
    });
    await expect(client.call('posts.create', { body: { category: 'varios', post: 'Hola' } })).rejects.toMatchObject({
      code: 'ACCOUNT_SUSPENDED',
      status: 403,
    });
    expect(onAccountSuspended).toHaveBeenCalledTimes(1);

    const until = inAMonth();
    const meCall = vi
      .fn<FakeRoute<'accounts.me'>>()
      .mockResolvedValueOnce(me)
      .mockResolvedValueOnce({ ...me, suspendedUntil: until });
    const cache = createQueryClient();
    render(
      <ApiContext.Provider value={fakeApiClient({ 'accounts.me': meCall })}>
        <WithQueries client={cache}>
          <SignedIn as="trol@example.com">
            <MemoryRouter>
              <SuspensionNotice variant="header" />
            </MemoryRouter>
          </SignedIn>
        </WithQueries>
      </ApiContext.Provider>,
    );
    await vi.waitFor(() => expect(meCall).toHaveBeenCalledTimes(1));
    expect(screen.queryByText(/Tu cuenta está suspendida/)).toBeNull();
    // What app/AppProviders.tsx gives the API client as its onAccountSuspended.
    await act(() => rereadAccount(cache));
    await screen.findByText(/^Tu cuenta está suspendida hasta el/);
    expect(meCall).toHaveBeenCalledTimes(2);
  });
});
