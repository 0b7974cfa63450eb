import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ACCOUNT_SUSPENDED_EVENT, AccountContext, type AccountState } from '../lib/account';
import { errorMessage, useApi, type ApiClient } from '../lib/api';
import { useAuth } from '../features/auth/context';

type Fetched = { who: string; state: AccountState };

/** `GET /me` as an account state, never rejecting. */
function readMe(api: ApiClient): Promise<AccountState> {
  return api.me().then(
    (me): AccountState => ({ status: 'ready', me }),
    (error: unknown): AccountState => ({ status: 'error', message: errorMessage(error) }),
  );
}

/**
 * Reads `GET /me` whenever someone signs in (and again when a write meets a suspension), so the header
 * and the apodo prompt know the apodo and any suspension. Only
 * the answer to the latest read is kept: a read started at sign-in that answers after a rename's
 * reload cannot bring the old apodo back.
 */
export function AccountProvider({ children }: { children: ReactNode }) {
  const { state: auth } = useAuth();
  const api = useApi();
  // Who is signed in (their email, from the ID token): a different person's answer is never shown.
  const who = auth.status === 'signedIn' ? auth.user.displayName : null;
  const [fetched, setFetched] = useState<Fetched | null>(null);
  const latestRead = useRef(0);
  // Callers of reload() may hold a render from before the sign-in (registration does): they read who is signed in now.
  const current = useRef(who);

  useEffect(() => {
    current.current = who;
    if (who === null) return;
    const read = ++latestRead.current;
    void readMe(api).then((state) => {
      if (read === latestRead.current) setFetched({ who, state });
    });
  }, [who, api]);

  const reload = useCallback(async () => {
    const reader = current.current;
    if (reader === null) return;
    const read = ++latestRead.current;
    const state = await readMe(api);
    if (read === latestRead.current) setFetched({ who: reader, state });
  }, [api]);

  // A write refused for a suspension made since the last read: read again, so the header says until when.
  useEffect(() => {
    const onSuspended = () => void reload();
    window.addEventListener(ACCOUNT_SUSPENDED_EVENT, onSuspended);
    return () => window.removeEventListener(ACCOUNT_SUSPENDED_EVENT, onSuspended);
  }, [reload]);

  const value = useMemo(() => {
    const state: AccountState = who === null ? { status: 'none' } : fetched?.who === who ? fetched.state : { status: 'loading' };
    return { state, reload };
  }, [who, fetched, reload]);
  return <AccountContext.Provider value={value}>{children}</AccountContext.Provider>;
}
