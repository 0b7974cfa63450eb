import { useCallback, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { QueryClientProvider, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { RuntimeConfig } from '@contract/documents';
import { rereadAccount } from '../lib/account';
import { ApiContext, createApiClient } from '../lib/api';
import { ConfigContext } from '../lib/config';
import { HydrationProvider } from '../lib/hydration';
import { leaveWebPush } from '../lib/pushDevice';
import { AuthProvider } from '../features/auth/AuthProvider';
import type { AuthService } from '../features/auth/types';
import { useAuth } from '../features/auth/context';
import { queryKeys } from '../lib/queries';
import { SessionContext } from '../lib/session';
import { CardPartsContext } from '../components/cardParts';
import { CARD_PARTS } from './cardParts';

/**
 * The API client, with the signed-in user's ID token when there is one; a suspension it meets makes
 * `GET /me` read again, so the header says until when.
 */
function ApiProvider({ apiUrl, children }: { apiUrl: string; children: ReactNode }) {
  const { service } = useAuth();
  const client = useQueryClient();
  const api = useMemo(
    () =>
      createApiClient({
        apiUrl,
        getIdToken: async () => (await service()).getIdToken(),
        onAccountSuspended: () => void rereadAccount(client),
      }),
    [apiUrl, service, client],
  );
  return <ApiContext.Provider value={api}>{children}</ApiContext.Provider>;
}

/**
 * Who is signed in, told to the rest of the tree (lib/session.ts). What belongs to them in the cache
 * (`GET /me`, their votes and saved posts, «Mis anécdotas», the moderators' lists) is kept under
 * `account` and dropped when who is signed in changes, so one account's answers are never shown to another.
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
  return <SessionContext.Provider value={account}>{children}</SessionContext.Provider>;
}

type ProvidersProps = {
  config: RuntimeConfig;
  /** The server state cache (holding a server-rendered document's data when the app takes one over). */
  queryClient: QueryClient;
  /** Whether a session may exist (false on the server, which renders for no one in particular). */
  maybeSignedIn: boolean;
  /**
   * Loads the auth service (Amplify, a separate script: see AuthProvider). Given by the browser's App;
   * the server never signs anyone in, and its bundle leaves Amplify out.
   */
  loadAuth: () => Promise<AuthService>;
  children: ReactNode;
};

/**
 * Everything around the router: whether the page is taken over yet, config, the server state cache, auth,
 * the API, who is signed in, and what the cards show besides their content (./cardParts.tsx).
 * The same tree in the browser (./App.tsx) and on the server (web/src/server/renderDocument.tsx), so the server's
 * markup is what the browser's first render produces.
 */
export function AppProviders({ config, queryClient, maybeSignedIn, loadAuth, children }: ProvidersProps) {
  // On logout, this device leaves Web Push first, with the token that is still valid.
  const beforeSignOut = useCallback(
    (auth: AuthService) => leaveWebPush(createApiClient({ apiUrl: config.apiUrl, getIdToken: () => auth.getIdToken() })),
    [config.apiUrl],
  );
  return (
    <HydrationProvider>
      <ConfigContext.Provider value={config}>
        <QueryClientProvider client={queryClient}>
          <AuthProvider load={loadAuth} maybeSignedIn={maybeSignedIn} beforeSignOut={beforeSignOut}>
            <ApiProvider apiUrl={config.apiUrl}>
              <ForAccount>
                <CardPartsContext.Provider value={CARD_PARTS}>{children}</CardPartsContext.Provider>
              </ForAccount>
            </ApiProvider>
          </AuthProvider>
        </QueryClientProvider>
      </ConfigContext.Provider>
    </HydrationProvider>
  );
}
