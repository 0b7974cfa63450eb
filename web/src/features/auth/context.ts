import { createContext, useContext, useEffect } from 'react';
import type { AuthService, AuthState } from './types';

export type AuthContextValue = {
  state: AuthState;
  /** The identity service, once loaded and configured. */
  service: () => Promise<AuthService>;
  /** Re-reads who is signed in and updates `state`; resolves when the header shows it. */
  refresh: () => Promise<AuthState>;
  signOut: () => Promise<void>;
  /** Why the last logout failed, for the header; null when it did not. */
  signOutError: string | null;
  /** Why a Google redirect sign-in failed, for the login page. */
  redirectError: string | null;
  /** The page a Google sign-in started from, until the app has gone back there (unchecked: see lib/nextPath.ts). */
  returnTo?: string | null;
  /** The app went back (or will not): forget `returnTo`. */
  clearReturnTo?: () => void;
};

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth needs an AuthProvider');
  return value;
}

/** Starts loading the identity service now (a form is open), so the first click does not wait for it. */
export function usePreloadAuth(): void {
  const { service } = useAuth();
  useEffect(() => {
    service().catch(() => {
      // reported when the form uses it
    });
  }, [service]);
}
