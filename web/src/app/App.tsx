import { useCallback, useState } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import type { RuntimeConfig } from '@contract/documents';
import { mayHaveSession } from '../features/auth/storedSession';
import { createQueryClient } from '../lib/queries';
import { AppProviders } from './AppProviders';
import { AppRoutes } from './AppRoutes';
import { browserOnlyParts } from './ClientRoutes';

/** The app in the browser: providers and the browser's router around every route. */
export function App({ config, queryClient = createQueryClient() }: { config: RuntimeConfig; queryClient?: QueryClient }) {
  // A first-time visitor is signed out for sure: show it at once and load Amplify only for a form.
  const [maybeSignedIn] = useState(() => {
    const maybe = mayHaveSession(config.userPoolClientId);
    // A signed-in reader's first API call waits for Amplify (the session's token) and the contract's
    // route table: both scripts start downloading now, beside the take-over, instead of after it.
    if (maybe) {
      void import('../features/auth/cognito');
      void import('@contract/routes');
    }
    return maybe;
  });
  const [client] = useState(queryClient);
  // Amplify is a separate script, loaded after the first render (or later: see AuthProvider).
  const loadAuth = useCallback(
    () => import('../features/auth/cognito').then(({ createCognitoAuth }) => createCognitoAuth(config)),
    [config],
  );
  return (
    <AppProviders config={config} queryClient={client} maybeSignedIn={maybeSignedIn} loadAuth={loadAuth}>
      <BrowserRouter>
        <AppRoutes browserOnly={browserOnlyParts} />
      </BrowserRouter>
    </AppProviders>
  );
}
