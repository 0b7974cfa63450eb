import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { AuthProvider } from '../../web/src/features/auth/AuthProvider';
import { useAuth } from '../../web/src/features/auth/context';
import { mayHaveSession } from '../../web/src/features/auth/storedSession';
import type { AuthEvent, AuthUser } from '../../web/src/features/auth/types';
import { anAuthService } from './factories';

function fakeService(user: AuthUser | null) {
  let listener: (event: AuthEvent) => void = () => {};
  const service = anAuthService(user, {
    onChange: (next) => {
      listener = next;
      return () => {};
    },
  });
  return {
    service,
    emit: (event: AuthEvent) => listener(event),
    setUser: (next: AuthUser | null) => {
      service.user = next;
    },
  };
}

function Who() {
  const { state, signOut, signOutError } = useAuth();
  return (
    <>
      <p data-testid="who">{state.status === 'signedIn' ? state.user.displayName : state.status}</p>
      <button onClick={() => void signOut()}>salir</button>
      {signOutError && <p role="alert">{signOutError}</p>}
    </>
  );
}

describe('AuthProvider', () => {
  it('loads the service, shows the user, and follows sign-in and sign-out events live', async () => {
    const fake = fakeService({ displayName: 'Lucía' });
    render(
      <AuthProvider load={async () => fake.service}>
        <Who />
      </AuthProvider>,
    );
    expect(screen.getByTestId('who').textContent).toBe('loading');
    expect(await screen.findByText('Lucía')).toBeTruthy();

    fake.setUser(null);
    await act(async () => fake.emit({ type: 'changed' }));
    expect(screen.getByTestId('who').textContent).toBe('signedOut');
  });

  it('shows a visitor with no stored session as signed out at once and loads nothing until asked', async () => {
    const fake = fakeService(null);
    const load = vi.fn(async () => fake.service);
    render(
      <AuthProvider load={load} maybeSignedIn={false}>
        <Who />
      </AuthProvider>,
    );
    expect(screen.getByTestId('who').textContent).toBe('signedOut');
    expect(load).not.toHaveBeenCalled();
  });

  it('shows why a logout failed', async () => {
    const fake = fakeService({ displayName: 'Lucía' });
    fake.service.signOut = vi.fn(async () => {
      throw new Error('Sin conexión con el servicio de cuentas.');
    });
    render(
      <AuthProvider load={async () => fake.service}>
        <Who />
      </AuthProvider>,
    );
    await screen.findByText('Lucía');
    await act(async () => screen.getByText('salir').click());
    expect((await screen.findByRole('alert')).textContent).toBe('Sin conexión con el servicio de cuentas.');
    expect(screen.getByTestId('who').textContent).toBe('Lucía');
  });
});

describe('mayHaveSession', () => {
  function storage(keys: string[]): Storage {
    return { length: keys.length, key: (i: number) => keys[i] ?? null } as unknown as Storage;
  }

  it('is false for a first-time visitor and true once Amplify stored something for this client', () => {
    expect(mayHaveSession('abc', storage([]), '')).toBe(false);
    expect(mayHaveSession('abc', storage(['CognitoIdentityServiceProvider.other.LastAuthUser']), '')).toBe(false);
    expect(mayHaveSession('abc', storage(['CognitoIdentityServiceProvider.abc.LastAuthUser']), '')).toBe(true);
  });

  it('is true when coming back from Google and when storage cannot be read', () => {
    expect(mayHaveSession('abc', storage([]), '?code=1&state=2')).toBe(true);
    expect(mayHaveSession('abc', null, '')).toBe(true);
  });
});
