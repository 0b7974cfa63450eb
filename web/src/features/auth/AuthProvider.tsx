import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { AuthContext, type AuthContextValue } from './context';
import type { AuthService, AuthState } from './types';
import { useHydrated } from '../../lib/hydration';

type Props = {
  /** Loads and configures the identity service; called at most once. */
  load: () => Promise<AuthService>;
  /**
   * Whether a session may exist. When false the visitor is shown as signed out at once and the
   * service is loaded only when something needs it (a form, logout, publishing).
   * @default true
   */
  maybeSignedIn?: boolean;
  /**
   * Runs on logout before the session ends, while the ID token is still valid (the app takes this
   * device off Web Push). Its failure never stops the logout.
   */
  beforeSignOut?: (auth: AuthService) => Promise<void>;
  children: ReactNode;
};

const LOADING: AuthState = { status: 'loading' };

/** Holds the auth state for the whole site and keeps it live (Amplify Hub: sign-in, sign-out, Google). */
export function AuthProvider({ load, maybeSignedIn = true, beforeSignOut, children }: Props) {
  const [known, setState] = useState<AuthState>(maybeSignedIn ? { status: 'loading' } : { status: 'signedOut' });
  // A server-rendered page shows auth loading (the server cannot know who reads), and the render that
  // takes it over must be that markup: who is signed in shows right after.
  const state: AuthState = useHydrated() ? known : LOADING;
  const [signOutError, setSignOutError] = useState<string | null>(null);
  const [redirectError, setRedirectError] = useState<string | null>(null);
  const [returnTo, setReturnTo] = useState<string | null>(null);
  const clearReturnTo = useCallback(() => setReturnTo(null), []);
  const serviceRef = useRef<Promise<AuthService> | null>(null);
  const unsubscribeRef = useRef<() => void>(() => {});

  const readUser = useCallback(async (auth: AuthService): Promise<AuthState> => {
    const user = await auth.currentUser();
    const next: AuthState = user ? { status: 'signedIn', user } : { status: 'signedOut' };
    setState(next);
    return next;
  }, []);

  const service = useCallback(() => {
    serviceRef.current ??= load().then((auth) => {
      unsubscribeRef.current = auth.onChange((event) => {
        if (event.type === 'error') setRedirectError(event.message);
        else if (event.type === 'returnTo') setReturnTo(event.path);
        else void readUser(auth).catch(() => setState({ status: 'signedOut' }));
      });
      return auth;
    });
    return serviceRef.current;
  }, [load, readUser]);

  const refresh = useCallback(async () => readUser(await service()), [service, readUser]);

  useEffect(() => {
    if (!maybeSignedIn) return;
    let active = true;
    refresh().catch(() => {
      // The identity service could not load: the site still reads, as a signed-out visitor.
      if (active) setState({ status: 'signedOut' });
    });
    return () => {
      active = false;
    };
  }, [maybeSignedIn, refresh]);

  useEffect(() => () => unsubscribeRef.current(), []);

  const signOut = useCallback(async () => {
    setSignOutError(null);
    try {
      const auth = await service();
      await beforeSignOut?.(auth).catch(() => undefined);
      await auth.signOut();
      await readUser(auth);
    } catch (error) {
      // The Spanish messages are in the identity service's own scripts, not the first load.
      const messages = await import('./errors').catch(() => null);
      setSignOutError(messages?.authErrorMessage(error) ?? 'No se pudo cerrar la sesión. Comprueba tu conexión e inténtalo de nuevo.');
    }
  }, [service, readUser, beforeSignOut]);

  const value = useMemo<AuthContextValue>(
    () => ({ state, service, refresh, signOut, signOutError, redirectError, returnTo, clearReturnTo }),
    [state, service, refresh, signOut, signOutError, redirectError, returnTo, clearReturnTo],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
