import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { QueryClientProvider, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import type { RuntimeConfig } from '@contract/documents';
import { ACCOUNT_SUSPENDED_EVENT } from '../lib/account';
import { ApiContext, createApiClient } from '../lib/api';
import { ConfigContext } from '../lib/config';
import { leaveWebPush } from '../lib/pushDevice';
import { AuthProvider } from '../features/auth/AuthProvider';
import type { AuthService } from '../features/auth/types';
import { useAuth } from '../features/auth/context';
import { mayHaveSession } from '../features/auth/storedSession';
import { AccountProvider } from './AccountProvider';
import { VotesProvider } from '../features/posts/votes';
import { SavedProvider } from '../features/posts/saved';
import { AppRoutes } from './AppRoutes';
import { createQueryClient, queryKeys } from '../lib/queries';

/** The API client, with the signed-in user's ID token when there is one; a suspension it meets is told to AccountProvider. */
function ApiProvider({ apiUrl, children }: { apiUrl: string; children: ReactNode }) {
  const { service } = useAuth();
  const api = useMemo(
    () =>
      createApiClient({
        apiUrl,
        getIdToken: async () => (await service()).getIdToken(),
        onAccountSuspended: () => window.dispatchEvent(new Event(ACCOUNT_SUSPENDED_EVENT)),
      }),
    [apiUrl, service],
  );
  return <ApiContext.Provider value={api}>{children}</ApiContext.Provider>;
}

/**
 * What belongs to who is signed in: their votes and saved posts on the cards on screen, and their lists in the cache
 * («Mis anécdotas», the moderators' lists), forgotten when who is signed in changes, so one account's
 * answers are never shown to another.
 */
function ForAccount({ children }: { children: ReactNode }) {
  const { state } = useAuth();
  const account = state.status === 'signedIn' ? state.user.displayName : state.status === 'signedOut' ? null : undefined;
  const client = useQueryClient();
  const shownFor = useRef(account);
  useEffect(() => {
    if (account === undefined || account === shownFor.current) return;
    if (shownFor.current !== undefined) client.removeQueries({ queryKey: queryKeys.account });
    shownFor.current = account;
  }, [account, client]);
  // A save or unsave elsewhere makes «Guardadas» read again when it is next shown.
  const savedChanged = useCallback(() => void client.invalidateQueries({ queryKey: queryKeys.saved }), [client]);
  return (
    <VotesProvider account={account}>
      <SavedProvider account={account} onChange={savedChanged}>
        {children}
      </SavedProvider>
    </VotesProvider>
  );
}

type ProvidersProps = {
  config: RuntimeConfig;
  /** The server state cache (holding a server-rendered document's data when the app takes one over). */
  queryClient: QueryClient;
  /** Whether a session may exist (false on the server, which renders for no one in particular). */
  maybeSignedIn: boolean;
  children: ReactNode;
};

/**
 * Everything around the router: config, the server state cache, auth, the API, the account and votes.
 * The same tree in the browser (App) and on the server (web/src/server/renderPage.tsx), so the server's
 * markup is what the browser's first render produces.
 */
export function AppProviders({ config, queryClient, maybeSignedIn, children }: ProvidersProps) {
  // Amplify is a separate script, loaded after the first render (or later: see AuthProvider).
  const loadAuth = useCallback(
    () => import('../features/auth/cognito').then(({ createCognitoAuth }) => createCognitoAuth(config)),
    [config],
  );
  // On logout, this device leaves Web Push first, with the token that is still valid.
  const beforeSignOut = useCallback(
    (auth: AuthService) => leaveWebPush(createApiClient({ apiUrl: config.apiUrl, getIdToken: () => auth.getIdToken() })),
    [config.apiUrl],
  );
  return (
    <ConfigContext.Provider value={config}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider load={loadAuth} maybeSignedIn={maybeSignedIn} beforeSignOut={beforeSignOut}>
          <ApiProvider apiUrl={config.apiUrl}>
            <AccountProvider>
              <ForAccount>{children}</ForAccount>
            </AccountProvider>
          </ApiProvider>
        </AuthProvider>
      </QueryClientProvider>
    </ConfigContext.Provider>
  );
}

/** The app in the browser: providers and the browser's router around the routes. */
export function App({ config, queryClient = createQueryClient() }: { config: RuntimeConfig; queryClient?: QueryClient }) {
  // A first-time visitor is signed out for sure: show it at once and load Amplify only for a form.
  const [maybeSignedIn] = useState(() => mayHaveSession(config.userPoolClientId));
  const [client] = useState(queryClient);
  return (
    <AppProviders config={config} queryClient={client} maybeSignedIn={maybeSignedIn}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
