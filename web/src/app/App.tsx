import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import type { RuntimeConfig } from '@contract/documents';
import { ApiContext, createApiClient } from '../lib/api';
import { ConfigContext } from '../lib/config';
import { AuthProvider } from '../features/auth/AuthProvider';
import { useAuth } from '../features/auth/context';
import { mayHaveSession } from '../features/auth/storedSession';
import { AccountProvider } from './AccountProvider';
import { VotesProvider } from '../features/posts/votes';
import { AppRoutes } from './AppRoutes';
import { PageDataContext, type PageData } from '../lib/pageData';

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

type ProvidersProps = {
  config: RuntimeConfig;
  /** The data of the server-rendered document the app takes over, if it does. */
  pageData: PageData | null;
  /** Whether a session may exist (false on the server, which renders for no one in particular). */
  maybeSignedIn: boolean;
  children: ReactNode;
};

/**
 * Everything around the router: config, the document's data, auth, the API, the account and votes.
 * The same tree in the browser (App) and on the server (web/src/server/renderPage.tsx), so the server's
 * markup is what the browser's first render produces.
 */
export function AppProviders({ config, pageData, maybeSignedIn, children }: ProvidersProps) {
  // Amplify is a separate script, loaded after the first render (or later: see AuthProvider).
  const loadAuth = useCallback(
    () => import('../features/auth/cognito').then(({ createCognitoAuth }) => createCognitoAuth(config)),
    [config],
  );
  return (
    <ConfigContext.Provider value={config}>
      <PageDataContext.Provider value={pageData}>
        <AuthProvider load={loadAuth} maybeSignedIn={maybeSignedIn}>
          <ApiProvider apiUrl={config.apiUrl}>
            <AccountProvider>
              <VotesForAccount>{children}</VotesForAccount>
            </AccountProvider>
          </ApiProvider>
        </AuthProvider>
      </PageDataContext.Provider>
    </ConfigContext.Provider>
  );
}

/** The app in the browser: providers and the browser's router around the routes. */
export function App({ config, pageData = null }: { config: RuntimeConfig; pageData?: PageData | null }) {
  // A first-time visitor is signed out for sure: show it at once and load Amplify only for a form.
  const [maybeSignedIn] = useState(() => mayHaveSession(config.userPoolClientId));
  return (
    <AppProviders config={config} pageData={pageData} maybeSignedIn={maybeSignedIn}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
