import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { AccountContext, type AccountState } from '../lib/account';
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

/** Reads `GET /me` whenever someone signs in, so the header and the apodo prompt know the apodo. */
export function AccountProvider({ children }: { children: ReactNode }) {
  const { state: auth } = useAuth();
  const api = useApi();
  // Who is signed in (their email, from the ID token): a different person's answer is never shown.
  const who = auth.status === 'signedIn' ? auth.user.displayName : null;
  const [fetched, setFetched] = useState<Fetched | null>(null);

  useEffect(() => {
    if (who === null) return;
    let active = true;
    void readMe(api).then((state) => {
      if (active) setFetched({ who, state });
    });
    return () => {
      active = false;
    };
  }, [who, api]);

  const reload = useCallback(async () => {
    if (who === null) return;
    const state = await readMe(api);
    setFetched({ who, state });
  }, [who, api]);

  const value = useMemo(() => {
    const state: AccountState = who === null ? { status: 'none' } : fetched?.who === who ? fetched.state : { status: 'loading' };
    return { state, reload };
  }, [who, fetched, reload]);
  return <AccountContext.Provider value={value}>{children}</AccountContext.Provider>;
}
