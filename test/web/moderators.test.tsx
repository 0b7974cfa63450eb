import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { PERMANENT_SUSPENSION } from '@contract/accountRules';
import { ERRORS } from '@contract/errors';
import type { ModerationAction, Suspension } from '@contract/moderation';
import { AuthContext } from '../../web/src/features/auth/context';
import { RequireModerator } from '../../web/src/features/auth/guards';
import type { AuthState } from '../../web/src/features/auth/types';
import ModerationLogPage from '../../web/src/features/moderators/ModerationLogPage';
import SuspensionsPage from '../../web/src/features/moderators/SuspensionsPage';
import { ApiContext, ApiError, type ApiClient } from '../../web/src/lib/api';
import { fakeApiClient, anAuthContext, type FakeRoute } from './factories';
import { WithQueries } from './queries';

function renderPage(page: React.ReactNode, api: ApiClient) {
  render(
    <ApiContext.Provider value={api}>
      <WithQueries>
        <MemoryRouter>{page}</MemoryRouter>
      </WithQueries>
    </ApiContext.Provider>,
  );
}

let counter = 0;
function aSuspension(overrides: Partial<Suspension> = {}): Suspension {
  counter += 1;
  return {
    id: `s${counter}`,
    name: `Cuenta ${counter}`,
    until: '2025-06-02T12:00:00.000Z',
    reason: `Motivo ${counter}`,
    createdAt: '2025-05-03T12:00:00.000Z',
    by: 'Moderadora',
    ...overrides,
  };
}

function anAction(overrides: Partial<ModerationAction> = {}): ModerationAction {
  counter += 1;
  return {
    id: `a${counter}`,
    action: 'publish',
    target: { type: 'post', id: `p${counter}` },
    by: 'Moderadora',
    reason: null,
    at: '2025-05-03T12:00:00.000Z',
    ...overrides,
  };
}

const itemOf = (name: string) => screen.getByRole('heading', { name }).closest('article')!;

describe('SuspensionsPage (/moderar/suspensiones)', () => {
  it('lists who, until when, why, by whom and since when, pages with «Cargar más», and links the other moderation pages', async () => {
    const user = userEvent.setup();
    const first = aSuspension({ name: 'Trol', reason: 'Insultos a otros', until: PERMANENT_SUSPENSION, by: 'Moderadora' });
    const second = aSuspension({ name: 'Spammer' });
    const suspensions = vi
      .fn<FakeRoute<'moderation.suspensions'>>()
      .mockResolvedValueOnce({ items: [first], nextCursor: 'c1' })
      .mockResolvedValueOnce({ items: [second], nextCursor: null });
    renderPage(<SuspensionsPage />, fakeApiClient({ 'moderation.suspensions': suspensions }));
    expect(screen.getByRole('heading', { level: 1, name: 'Suspensiones' })).toBeTruthy();
    await screen.findByRole('heading', { name: 'Trol' });
    const facts = within(itemOf('Trol'));
    expect(facts.getByText('Para siempre')).toBeTruthy();
    expect(facts.getByText('Insultos a otros')).toBeTruthy();
    expect(facts.getByText('Moderadora')).toBeTruthy();
    expect(facts.getByText(/3 de mayo de 2025/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cargar más' }));
    await screen.findByRole('heading', { name: 'Spammer' });
    expect(suspensions).toHaveBeenLastCalledWith({ query: expect.objectContaining({ cursor: 'c1' }) }, expect.anything());
    expect(within(itemOf('Spammer')).getByText(/2 de junio de 2025/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cargar más' })).toBeNull();
    const nav = screen.getByRole('navigation', { name: 'Moderación' });
    expect(within(nav).getByRole('link', { name: 'Cola' }).getAttribute('href')).toBe('/moderar');
    expect(within(nav).getByRole('link', { name: 'Registro' }).getAttribute('href')).toBe('/moderar/registro');
  });

  it('lifts a suspension with «Levantar»: it leaves the list and the page says so', async () => {
    const user = userEvent.setup();
    const trol = aSuspension({ name: 'Trol' });
    const other = aSuspension({ name: 'Otra' });
    const liftSuspension = vi.fn(async () => {});
    renderPage(
      <SuspensionsPage />,
      fakeApiClient({
        'moderation.suspensions': vi.fn(async () => ({ items: [trol, other], nextCursor: null })),
        'moderation.lift': liftSuspension,
      }),
    );
    await screen.findByRole('heading', { name: 'Trol' });
    await user.click(screen.getByRole('button', { name: 'Levantar la suspensión de Trol' }));
    expect(liftSuspension).toHaveBeenCalledWith({ params: { id: trol.id } });
    const status = await screen.findByText('Suspensión de «Trol» levantada: ya puede volver a escribir.');
    expect(status.getAttribute('role')).toBe('status');
    expect(document.activeElement).toBe(status);
    expect(screen.queryByRole('heading', { name: 'Trol' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Otra' })).toBeTruthy();
  });

  it('says why a lift failed and keeps the suspension; one lifted meanwhile leaves the list with the API’s words', async () => {
    const user = userEvent.setup();
    const trol = aSuspension({ name: 'Trol' });
    const gone = aSuspension({ name: 'Ya libre' });
    const liftSuspension = vi.fn<FakeRoute<'moderation.lift'>>(async ({ params }) => {
      if (params.id === trol.id) throw new ApiError('No se pudo conectar con el servidor.', 0, 'NETWORK');
      throw new ApiError(ERRORS.SUSPENSION_NOT_FOUND.message, 404, 'SUSPENSION_NOT_FOUND');
    });
    renderPage(
      <SuspensionsPage />,
      fakeApiClient({
        'moderation.suspensions': vi.fn(async () => ({ items: [trol, gone], nextCursor: null })),
        'moderation.lift': liftSuspension,
      }),
    );
    await screen.findByRole('heading', { name: 'Trol' });
    await user.click(screen.getByRole('button', { name: 'Levantar la suspensión de Trol' }));
    expect((await within(itemOf('Trol')).findByRole('alert')).textContent).toBe('No se pudo conectar con el servidor.');
    expect(within(itemOf('Trol')).getByRole<HTMLButtonElement>('button', { name: /Levantar/ }).disabled).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Levantar la suspensión de Ya libre' }));
    await screen.findByText(ERRORS.SUSPENSION_NOT_FOUND.message);
    expect(screen.queryByRole('heading', { name: 'Ya libre' })).toBeNull();
  });

  it('has an empty state, and an error with «Reintentar»', async () => {
    const user = userEvent.setup();
    const suspensions = vi
      .fn<FakeRoute<'moderation.suspensions'>>()
      .mockRejectedValueOnce(new ApiError(ERRORS.FORBIDDEN.message, 403, 'FORBIDDEN'))
      .mockResolvedValueOnce({ items: [], nextCursor: null });
    renderPage(<SuspensionsPage />, fakeApiClient({ 'moderation.suspensions': suspensions }));
    await screen.findByText(ERRORS.FORBIDDEN.message);
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    await screen.findByText('No hay ninguna cuenta suspendida.');
  });
});

describe('ModerationLogPage (/moderar/registro)', () => {
  it('says who did what to what, why and when, newest first as the API gives them, with «Cargar más»', async () => {
    const user = userEvent.setup();
    const entries = [
      anAction({ action: 'reject', target: { type: 'post', id: 'p-rej' }, reason: 'datos-personales', by: 'Ana' }),
      anAction({ action: 'suspend', target: { type: 'account', id: 's9' }, reason: 'Insultos <b>repetidos</b>', by: 'Luis' }),
      anAction({ action: 'remove', target: { type: 'comment', id: 'c1' }, by: 'Ana' }),
    ];
    const older = [anAction({ action: 'lift', target: { type: 'account', id: 's9' }, by: 'Ana' })];
    const moderationLog = vi
      .fn<FakeRoute<'moderation.log'>>()
      .mockResolvedValueOnce({ items: entries, nextCursor: 'c1' })
      .mockResolvedValueOnce({ items: older, nextCursor: null });
    renderPage(<ModerationLogPage />, fakeApiClient({ 'moderation.log': moderationLog }));
    expect(screen.getByRole('heading', { level: 1, name: 'Registro de moderación' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: /Acciones de moderación/ });
    const items = () => within(list).getAllByRole('listitem');
    expect(items().map((item) => item.querySelector('.log-entry__what')!.textContent)).toEqual([
      'Ana rechazó una anécdota',
      'Luis suspendió una cuenta',
      'Ana retiró un comentario',
    ]);
    expect(within(items()[0]!).getByRole('link', { name: 'una anécdota' }).getAttribute('href')).toBe('/post/p-rej');
    expect(items()[0]!.textContent).toContain('Motivo: Publica datos personales');
    // A suspension's reason as the moderator wrote it, as text.
    expect(items()[1]!.textContent).toContain('Motivo: Insultos <b>repetidos</b>');
    expect(items()[1]!.querySelector('b')).toBeNull();
    expect(items()[2]!.textContent).not.toContain('Motivo');
    expect(within(items()[2]!).queryByRole('link')).toBeNull();
    expect(items()[0]!.querySelector('time')!.getAttribute('datetime')).toBe(entries[0]!.at);
    await user.click(screen.getByRole('button', { name: 'Cargar más' }));
    await vi.waitFor(() => expect(items()).toHaveLength(4));
    expect(items()[3]!.querySelector('.log-entry__what')!.textContent).toBe('Ana levantó la suspensión de una cuenta');
    expect(moderationLog).toHaveBeenLastCalledWith({ query: expect.objectContaining({ cursor: 'c1' }) }, expect.anything());
  });

  it('has an empty state', async () => {
    renderPage(<ModerationLogPage />, fakeApiClient({ 'moderation.log': vi.fn(async () => ({ items: [], nextCursor: null })) }));
    await screen.findByText('Todavía no hay ninguna acción de moderación.');
  });
});

describe('RequireModerator', () => {
  function renderGuarded(state: AuthState) {
    const value = anAuthContext(state);
    render(
      <AuthContext.Provider value={value}>
        <MemoryRouter initialEntries={['/moderar/registro']}>
          <Routes>
            <Route path="/login" element={<p>formulario de login</p>} />
            <Route
              path="/moderar/registro"
              element={
                <RequireModerator>
                  <p>el registro</p>
                </RequireModerator>
              }
            />
          </Routes>
        </MemoryRouter>
      </AuthContext.Provider>,
    );
  }

  it('shows the page to moderators, tells other users it is not theirs, and sends visitors to /login', () => {
    renderGuarded({ status: 'signedIn', user: { displayName: 'mod@example.com', moderator: true } });
    expect(screen.getByText('el registro')).toBeTruthy();
    document.body.innerHTML = '';
    renderGuarded({ status: 'signedIn', user: { displayName: 'ana@example.com' } });
    expect(screen.queryByText('el registro')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Solo para moderación' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ir a Moderar' }).getAttribute('href')).toBe('/moderar');
    document.body.innerHTML = '';
    renderGuarded({ status: 'signedOut' });
    expect(screen.getByText('formulario de login')).toBeTruthy();
  });
});
