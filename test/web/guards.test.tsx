import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AuthContext } from '../../web/src/features/auth/context';
import { RequireSignedIn, RequireSignedOut } from '../../web/src/features/auth/guards';
import type { AuthState } from '../../web/src/features/auth/types';
import { anAuthContext } from './factories';

function renderAt(path: string, state: AuthState) {
  const value = anAuthContext(state);
  render(
    <AuthContext.Provider value={value}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/" element={<p>portada</p>} />
          <Route
            path="/login"
            element={
              <RequireSignedOut>
                <p>formulario de login</p>
              </RequireSignedOut>
            }
          />
          <Route
            path="/register"
            element={
              <RequireSignedOut>
                <p>formulario de registro</p>
              </RequireSignedOut>
            }
          />
          <Route
            path="/newpost"
            element={
              <RequireSignedIn>
                <p>formulario de publicar</p>
              </RequireSignedIn>
            }
          />
        </Routes>
      </MemoryRouter>
    </AuthContext.Provider>,
  );
}

const signedIn: AuthState = { status: 'signedIn', user: { displayName: 'Lucía' } };

describe('route guards', () => {
  it('sends a signed-out visitor from /newpost to /login', () => {
    renderAt('/newpost', { status: 'signedOut' });
    expect(screen.getByText('formulario de login')).toBeTruthy();
  });

  it('shows a spinner on /newpost while auth loads, not the form and not a redirect', () => {
    renderAt('/newpost', { status: 'loading' });
    expect(screen.getByRole('status').textContent).toContain('Comprobando tu sesión');
    expect(screen.queryByText('formulario de publicar')).toBeNull();
    expect(screen.queryByText('formulario de login')).toBeNull();
  });

  it('lets a signed-in user open /newpost', () => {
    renderAt('/newpost', signedIn);
    expect(screen.getByText('formulario de publicar')).toBeTruthy();
  });

  it.each(['/login', '/register'])('sends a signed-in user from %s to /', (path) => {
    renderAt(path, signedIn);
    expect(screen.getByText('portada')).toBeTruthy();
  });

  it('shows /login to a signed-out visitor', () => {
    renderAt('/login', { status: 'signedOut' });
    expect(screen.getByText('formulario de login')).toBeTruthy();
  });
});
