import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { AuthContext, type AuthContextValue } from './context';
import { authErrorMessage } from './errors';
import type { AuthService, AuthState } from './types';

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
   * Start as loading whatever `maybeSignedIn` says: the app is taking over a server-rendered document,
   * whose header shows auth loading (the server cannot know who reads), and its first render must be
   * that markup. A visitor with no session is shown signed out right after.
   */
  hydrating?: boolean;
  children: ReactNode;
};

/** Holds the auth state for the whole site and keeps it live (Amplify Hub: sign-in, sign-out, Google). */
export function AuthProvider({ load, maybeSignedIn = true, hydrating = false, children }: Props) {
  const [state, setState] = useState<AuthState>(maybeSignedIn || hydrating ? { status: 'loading' } : { status: 'signedOut' });
  const [signOutError, setSignOutError] = useState<string | null>(null);
  const [redirectError, setRedirectError] = useState<string | null>(null);
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
        else void readUser(auth).catch(() => setState({ status: 'signedOut' }));
      });
      return auth;
    });
    return serviceRef.current;
  }, [load, readUser]);

  const refresh = useCallback(async () => readUser(await service()), [service, readUser]);

  useEffect(() => {
    if (!maybeSignedIn) {
      setState((current) => (current.status === 'loading' ? { status: 'signedOut' } : current));
      return;
    }
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
      await auth.signOut();
      await readUser(auth);
    } catch (error) {
      setSignOutError(authErrorMessage(error));
    }
  }, [service, readUser]);

  const value = useMemo<AuthContextValue>(
    () => ({ state, service, refresh, signOut, signOutError, redirectError }),
    [state, service, refresh, signOut, signOutError, redirectError],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
