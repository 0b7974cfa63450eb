import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { type Me } from '@contract/accounts';
import { ERRORS } from '@contract/errors';
import AccountPage from '../../web/src/features/account/AccountPage';
import NamePrompt from '../../web/src/features/account/NamePrompt';
import type { AccountState } from '../../web/src/lib/account';
import { ApiContext, ApiError, type ApiClient } from '../../web/src/lib/api';
import { fakeApiClient, type FakeRoute } from './factories';
import { WithAccount, WithQueries } from './queries';

const me: Me = {
  name: 'Rocío',
  email: 'rocio@example.com',
  moderator: false,
  suspendedUntil: null,
  suspensionReason: null,
  unreadNotifications: 0,
  appeal: null,
};

function renderWith(ui: ReactNode, api: ApiClient, state: Extract<AccountState, { status: 'ready' }> = { status: 'ready', me }) {
  render(
    <ApiContext.Provider value={api}>
      <WithQueries>
        <WithAccount state={state}>
          <MemoryRouter>{ui}</MemoryRouter>
        </WithAccount>
      </WithQueries>
    </ApiContext.Provider>,
  );
}

describe('AccountPage (/cuenta)', () => {
  it('shows the email and the apodo, and renames through the API', async () => {
    const user = userEvent.setup();
    const setMyName = vi.fn<FakeRoute<'accounts.setName'>>(async ({ body }) => ({ name: body.name }));
    const meCall = vi.fn(async () => ({ ...me, name: 'Rocío la del Sur' }));
    renderWith(<AccountPage onDeleted={async () => {}} />, fakeApiClient({ 'accounts.setName': setMyName, 'accounts.me': meCall }));
    expect(screen.getByText('rocio@example.com')).toBeTruthy();
    const field = screen.getByLabelText('Apodo');
    expect((field as HTMLInputElement).value).toBe('Rocío');
    await user.clear(field);
    await user.type(field, 'Rocío la del Sur');
    await user.click(screen.getByRole('button', { name: 'Cambiar el apodo' }));
    await screen.findByText('Ahora firmas como «Rocío la del Sur».');
    expect(setMyName).toHaveBeenCalledWith({ body: { name: 'Rocío la del Sur' } });
    // GET /me is read again, so the header shows the new apodo.
    expect(meCall).toHaveBeenCalledTimes(1);
  });

  it('says why an apodo is refused: the rules before calling, NAME_TAKEN from the API', async () => {
    const user = userEvent.setup();
    const setMyName = vi.fn(() => Promise.reject(new ApiError(ERRORS.NAME_TAKEN.message, 409, 'NAME_TAKEN')));
    renderWith(<AccountPage onDeleted={async () => {}} />, fakeApiClient({ 'accounts.setName': setMyName }));
    const field = screen.getByLabelText('Apodo');
    await user.clear(field);
    await user.type(field, 'yo@example.com');
    await user.click(screen.getByRole('button', { name: 'Cambiar el apodo' }));
    expect((await screen.findByRole('alert')).textContent).toContain(ERRORS.INVALID_NAME.message);
    expect(setMyName).not.toHaveBeenCalled();
    await user.clear(field);
    await user.type(field, 'Alicia');
    await user.click(screen.getByRole('button', { name: 'Cambiar el apodo' }));
    await screen.findByText(ERRORS.NAME_TAKEN.message);
  });

  it('deletes the account only after the confirmation, then hands over to the app', async () => {
    const user = userEvent.setup();
    const deleteMe = vi.fn(async () => {});
    const onDeleted = vi.fn(async () => {});
    renderWith(<AccountPage onDeleted={onDeleted} />, fakeApiClient({ 'accounts.remove': deleteMe }));
    await user.click(screen.getByRole('button', { name: 'Eliminar mi cuenta' }));
    expect(deleteMe).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    await user.click(screen.getByRole('button', { name: 'Eliminar mi cuenta' }));
    await user.click(screen.getByRole('button', { name: 'Sí, eliminar mi cuenta' }));
    await vi.waitFor(() => expect(onDeleted).toHaveBeenCalled());
    expect(deleteMe).toHaveBeenCalledTimes(1);
    expect(deleteMe).toHaveBeenCalledWith({ body: { content: 'keep' } });
  });

  it('deletes the anecdotes and comments too when the person ticks «Borrar también…», saying what each choice does', async () => {
    const user = userEvent.setup();
    const deleteMe = vi.fn(async () => {});
    renderWith(<AccountPage onDeleted={async () => {}} />, fakeApiClient({ 'accounts.remove': deleteMe }));
    await user.click(screen.getByRole('button', { name: 'Eliminar mi cuenta' }));
    expect(screen.getByText(/se quedarán en la web, firmados como «Anonimo»/)).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: 'Borrar también mis anécdotas y comentarios' }));
    expect(screen.getByText(/Se borrarán todas tus anécdotas/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Sí, eliminar mi cuenta y lo que escribí' }));
    await vi.waitFor(() => expect(deleteMe).toHaveBeenCalledWith({ body: { content: 'delete' } }));
  });
});

describe('«Descargar mis datos»', () => {
  it('downloads the data as the file the server names, showing that it is being prepared', async () => {
    const user = userEvent.setup();
    let finish: () => void = () => {};
    const exported = vi.fn(() => new Promise<never>((resolve) => (finish = () => resolve({ exportedAt: 'ahora' } as never))));
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:datos');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderWith(<AccountPage onDeleted={async () => {}} />, fakeApiClient({ 'accounts.export': exported }));
    await user.click(screen.getByRole('button', { name: 'Descargar mis datos' }));
    expect(await screen.findByText('Preparando tus datos…')).toBeTruthy();
    finish();
    const link = await screen.findByRole('link', { name: 'Guardar accounts.export.json' });
    expect(link.getAttribute('download')).toBe('accounts.export.json');
    expect(link.getAttribute('href')).toBe('blob:datos');
    expect(clicked).toHaveBeenCalledTimes(1);
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    vi.restoreAllMocks();
  });

  it('says plainly when the day’s five downloads are spent', async () => {
    const user = userEvent.setup();
    const exported = vi.fn(async () => {
      throw new ApiError(ERRORS.RATE_LIMITED.message, 429, 'RATE_LIMITED');
    });
    renderWith(<AccountPage onDeleted={async () => {}} />, fakeApiClient({ 'accounts.export': exported }));
    await user.click(screen.getByRole('button', { name: 'Descargar mis datos' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Ya has descargado tus datos 5 veces hoy');
  });
});

describe('NamePrompt', () => {
  it('asks an account without an apodo for one and saves it', async () => {
    const user = userEvent.setup();
    const setMyName = vi.fn<FakeRoute<'accounts.setName'>>(async ({ body }) => ({ name: body.name }));
    renderWith(<NamePrompt />, fakeApiClient({ 'accounts.setName': setMyName }), { status: 'ready', me: { ...me, name: null } });
    expect(screen.getByRole('heading', { name: 'Elige tu apodo' })).toBeTruthy();
    await user.type(screen.getByLabelText('Apodo'), 'Nueva');
    await user.click(screen.getByRole('button', { name: 'Guardar mi apodo' }));
    await vi.waitFor(() => expect(setMyName).toHaveBeenCalledWith({ body: { name: 'Nueva' } }));
  });
});
