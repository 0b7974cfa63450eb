import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { AuthContext, type AuthContextValue } from '../../web/src/features/auth/context';
import type { AuthService } from '../../web/src/features/auth/types';
import RegisterPage from '../../web/src/features/auth/RegisterPage';

function renderRegister() {
  const signUps: Array<{ email: string; password: string; name?: string }> = [];
  const service = {
    googleAvailable: false,
    signUp: async (input: { email: string; password: string; name?: string }) => {
      signUps.push(input);
      return 'confirmSignUp' as const;
    },
  } as unknown as AuthService;
  const value: AuthContextValue = {
    state: { status: 'signedOut' },
    service: async () => service,
    refresh: async () => ({ status: 'signedOut' }),
    signOut: async () => {},
    signOutError: null,
    redirectError: null,
  };
  render(
    <AuthContext.Provider value={value}>
      <MemoryRouter>
        <RegisterPage />
      </MemoryRouter>
    </AuthContext.Provider>,
  );
  return signUps;
}

describe('register form', () => {
  it("states the pool's password rules and refuses a weak password in Spanish without calling the service", async () => {
    const signUps = renderRegister();
    expect(screen.getByText(/al menos 10 caracteres, mayúsculas, minúsculas, números y algún símbolo/)).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Email'), 'ana@example.com');
    await userEvent.type(screen.getByLabelText('Contraseña', { exact: true }), 'corta');
    await userEvent.click(screen.getByRole('button', { name: 'Registrarme' }));
    expect((await screen.findByRole('alert')).textContent).toContain('A la contraseña le falta: al menos 10 caracteres');
    expect(signUps).toEqual([]);
  });

  it('signs up with a password that meets the rules and asks for the code', async () => {
    const signUps = renderRegister();
    await userEvent.type(screen.getByLabelText('Email'), 'ana@example.com');
    await userEvent.type(screen.getByLabelText('Contraseña', { exact: true }), 'Contrasena-123');
    await userEvent.click(screen.getByRole('button', { name: 'Registrarme' }));
    expect(await screen.findByLabelText(/código/i)).toBeTruthy();
    expect(signUps).toEqual([{ email: 'ana@example.com', password: 'Contrasena-123', name: '' }]);
  });
});
