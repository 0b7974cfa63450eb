import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AuthContext } from '../../web/src/features/auth/context';
import { RequireSignedIn, RequireSignedOut } from '../../web/src/features/auth/guards';
import type { AuthState } from '../../web/src/features/auth/types';
import { anAuthContext } from './factories';

/** Each guarded page of the test's router: its path, its guard, and what it shows when let in. */
const GUARDED = [
  { path: '/login', Guard: RequireSignedOut, page: 'formulario de login' },
  { path: '/register', Guard: RequireSignedOut, page: 'formulario de registro' },
  { path: '/newpost', Guard: RequireSignedIn, page: 'formulario de publicar' },
];

function renderAt(path: string, state: AuthState) {
  const value = anAuthContext(state);
  render(
    <AuthContext.Provider value={value}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/" element={<p>portada</p>} />
          {GUARDED.map(({ path: guarded, Guard, page }) => (
            <Route
              key={guarded}
              path={guarded}
              element={
                <Guard>
                  <p>{page}</p>
                </Guard>
              }
            />
          ))}
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
