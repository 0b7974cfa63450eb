import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import type { RuntimeConfig } from '@contract';
import { ApiContext, createApiClient } from '../lib/api';
import { ConfigContext } from '../lib/config';
import { AuthProvider } from '../features/auth/AuthProvider';
import { useAuth } from '../features/auth/context';
import { mayHaveSession } from '../features/auth/storedSession';
import { AccountProvider } from './AccountProvider';
import { VotesProvider } from '../features/posts/votes';
import { AppRoutes } from './AppRoutes';

/** The API client, with the signed-in user's ID token when there is one. */
function ApiProvider({ apiUrl, children }: { apiUrl: string; children: ReactNode }) {
  const { service } = useAuth();
  const api = useMemo(() => createApiClient({ apiUrl, getIdToken: async () => (await service()).getIdToken() }), [apiUrl, service]);
  return <ApiContext.Provider value={api}>{children}</ApiContext.Provider>;
}

/** The signed-in user's votes on the cards on screen (forgotten and asked again when who is signed in changes). */
function VotesForAccount({ children }: { children: ReactNode }) {
  const { state } = useAuth();
  const account = state.status === 'signedIn' ? state.user.displayName : state.status === 'signedOut' ? null : undefined;
  return <VotesProvider account={account}>{children}</VotesProvider>;
}

/** Providers (config, auth, API, router) around the routes. */
export function App({ config }: { config: RuntimeConfig }) {
  // Amplify is a separate script, loaded after the first render (or later: see below).
  const loadAuth = useCallback(
    () => import('../features/auth/cognito').then(({ createCognitoAuth }) => createCognitoAuth(config)),
    [config],
  );
  // A first-time visitor is signed out for sure: show it at once and load Amplify only for a form.
  const [maybeSignedIn] = useState(() => mayHaveSession(config.userPoolClientId));
  return (
    <ConfigContext.Provider value={config}>
      <AuthProvider load={loadAuth} maybeSignedIn={maybeSignedIn}>
        <ApiProvider apiUrl={config.apiUrl}>
          <AccountProvider>
            <VotesForAccount>
              <BrowserRouter>
                <AppRoutes />
              </BrowserRouter>
            </VotesForAccount>
          </AccountProvider>
        </ApiProvider>
      </AuthProvider>
    </ConfigContext.Provider>
  );
}
