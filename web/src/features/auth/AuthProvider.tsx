import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { AuthContext, type AuthContextValue } from './context';
import { authErrorMessage } from './errors';
import type { AuthService, AuthState } from './types';

type Props = {
  /** Loads and configures the identity service; called once. */
  load: () => Promise<AuthService>;
  children: ReactNode;
};

/** Holds the auth state for the whole site and keeps it live (sign-in, sign-out, other tabs' events). */
export function AuthProvider({ load, children }: Props) {
  const [state, setState] = useState<AuthState>({ status: 'loading' });
  const [signOutError, setSignOutError] = useState<string | null>(null);
  const [redirectError, setRedirectError] = useState<string | null>(null);
  const serviceRef = useRef<Promise<AuthService> | null>(null);

  const service = useCallback(() => {
    serviceRef.current ??= load();
    return serviceRef.current;
  }, [load]);

  const refresh = useCallback(async (): Promise<AuthState> => {
    const auth = await service();
    const user = await auth.currentUser();
    const next: AuthState = user ? { status: 'signedIn', user } : { status: 'signedOut' };
    setState(next);
    return next;
  }, [service]);

  useEffect(() => {
    let active = true;
    let unsubscribe = () => {};
    service()
      .then((auth) => {
        if (!active) return;
        unsubscribe = auth.onChange((event) => {
          if (event.type === 'error') setRedirectError(event.message);
          else void refresh().catch(() => setState({ status: 'signedOut' }));
        });
        return refresh();
      })
      .catch(() => {
        // The identity service could not load: the site still reads, as a signed-out visitor.
        if (active) setState({ status: 'signedOut' });
      });
    return () => {
      active = false;
      unsubscribe();
    };
  }, [service, refresh]);

  const signOut = useCallback(async () => {
    setSignOutError(null);
    try {
      const auth = await service();
      await auth.signOut();
      await refresh();
    } catch (error) {
      setSignOutError(authErrorMessage(error));
    }
  }, [service, refresh]);

  const value = useMemo<AuthContextValue>(
    () => ({ state, service, refresh, signOut, signOutError, redirectError }),
    [state, service, refresh, signOut, signOutError, redirectError],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
