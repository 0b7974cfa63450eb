import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ERRORS } from '../../functions/contract/errors';
import { AuthContext, type AuthContextValue } from '../../web/src/features/auth/context';
import type { AuthService } from '../../web/src/features/auth/types';
import RegisterPage from '../../web/src/features/auth/RegisterPage';
import { ApiContext } from '../../web/src/lib/api';
import { fakeApiClient, type FakeRoute } from './factories';
import { WithQueries } from './queries';

function renderRegister() {
  const signUps: Array<Record<string, unknown>> = [];
  const service = {
    googleAvailable: false,
    signUp: async (input: Record<string, unknown>) => {
      signUps.push(input);
      return 'confirmSignUp' as const;
    },
    confirmSignUp: vi.fn(async () => {}),
    signIn: vi.fn(async () => 'done' as const),
  } as unknown as AuthService;
  const value: AuthContextValue = {
    state: { status: 'signedOut' },
    service: async () => service,
    refresh: async () => ({ status: 'signedOut' }),
    signOut: async () => {},
    signOutError: null,
    redirectError: null,
  };
  const setMyName = vi.fn<FakeRoute<'accounts.setName'>>(async ({ body }) => ({ name: body.name }));
  render(
    <AuthContext.Provider value={value}>
      <ApiContext.Provider value={fakeApiClient({ 'accounts.setName': setMyName })}>
        <WithQueries>
          <MemoryRouter initialEntries={['/register']}>
            <Routes>
              <Route path="/register" element={<RegisterPage />} />
              <Route path="/" element={<p>Portada</p>} />
            </Routes>
          </MemoryRouter>
        </WithQueries>
      </ApiContext.Provider>
    </AuthContext.Provider>,
  );
  return { signUps, setMyName };
}

async function fill(email: string, password: string, apodo: string) {
  await userEvent.type(screen.getByLabelText('Email'), email);
  await userEvent.type(screen.getByLabelText('Contraseña', { exact: true }), password);
  if (apodo) await userEvent.type(screen.getByLabelText('Apodo'), apodo);
  await userEvent.click(screen.getByRole('button', { name: 'Registrarme' }));
}

describe('register form', () => {
  it('links to «Privacidad» before the account is created', () => {
    renderRegister();
    const link = screen.getByRole('link', { name: 'Privacidad' });
    expect(link.getAttribute('href')).toBe('/privacidad');
    // Read before pressing «Registrarme»: the note comes before the button in the form.
    const button = screen.getByRole('button', { name: 'Registrarme' });
    expect(link.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("states the pool's password rules and refuses a weak password in Spanish without calling the service", async () => {
    const { signUps } = renderRegister();
    expect(screen.getByText(/al menos 10 caracteres, mayúsculas, minúsculas, números y algún símbolo/)).toBeTruthy();
    await fill('ana@example.com', 'corta', 'Ana');
    expect((await screen.findByRole('alert')).textContent).toContain('A la contraseña le falta: al menos 10 caracteres');
    expect(signUps).toEqual([]);
  });

  it('says in Spanish whether the password is shown (Amplify says it in English by default)', async () => {
    renderRegister();
    const user = userEvent.setup();
    const toggle = screen.getByRole('switch', { name: 'Mostrar la contraseña' });
    expect(toggle.textContent).toBe('La contraseña está oculta');
    await user.click(toggle);
    expect(toggle.textContent).toBe('La contraseña se ve');
    expect(document.body.textContent).not.toMatch(/Password is/);
  });

  it('requires an apodo that follows the rules (never an email) before creating the account', async () => {
    const { signUps } = renderRegister();
    await fill('ana@example.com', 'Contrasena-123', 'ana@example.com');
    expect((await screen.findByRole('alert')).textContent).toContain(ERRORS.INVALID_NAME.message);
    expect(signUps).toEqual([]);
  });

  it('signs up with the email only, then after the code claims the apodo through the API and goes home', async () => {
    const { signUps, setMyName } = renderRegister();
    await fill('ana@example.com', 'Contrasena-123', 'Ana Belén');
    await userEvent.type(await screen.findByLabelText(/código/i), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Portada')).toBeTruthy();
    expect(signUps).toEqual([{ email: 'ana@example.com', password: 'Contrasena-123' }]);
    expect(setMyName).toHaveBeenCalledWith({ body: { name: 'Ana Belén' } });
  });
});
