import { useState, type ReactNode } from 'react';
import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { CARD_PARTS } from '../../web/src/app/cardParts';
import { CardPartsContext } from '../../web/src/components/cardParts';
import type { AccountState } from '../../web/src/lib/account';
import { ApiContext, type ApiClient } from '../../web/src/lib/api';
import { ConfigContext } from '../../web/src/lib/config';
import { createQueryClient, queryKeys } from '../../web/src/lib/queries';
import { SessionContext } from '../../web/src/lib/session';
import { testConfig } from './factories';

/**
 * What app/AppProviders.tsx gives every page, around a component under test: the server-state cache (a
 * new, empty one per render unless given) and the parts the app composes into the cards (the votes,
 * «Guardar», «Denunciar»…: app/cardParts.tsx).
 */
export function WithQueries({
  children,
  client = createQueryClient(),
}: {
  children: ReactNode;
  client?: ReturnType<typeof createQueryClient>;
}) {
  return (
    <QueryClientProvider client={client}>
      <CardPartsContext.Provider value={CARD_PARTS}>{children}</CardPartsContext.Provider>
    </QueryClientProvider>
  );
}

/**
 * Who is signed in (lib/session.ts) around a component under test, inside WithQueries: `as` an account
 * id, null for nobody, undefined while the session loads. `me`, when given, is `GET /me`'s answer
 * already in the cache, as after the app's first read.
 */
export function SignedIn({
  as,
  me,
  children,
}: {
  as: string | null | undefined;
  me?: Extract<AccountState, { status: 'ready' }>['me'];
  children: ReactNode;
}) {
  const client = useQueryClient();
  useState(() => {
    if (me && typeof as === 'string') client.setQueryData(queryKeys.me(as), me);
  });
  return <SessionContext.Provider value={as}>{children}</SessionContext.Provider>;
}

/** An account state as the app would have it: signed in with `GET /me` read (`ready`), or nobody (`none`). */
export function WithAccount({ state, children }: { state: Extract<AccountState, { status: 'ready' | 'none' }>; children: ReactNode }) {
  return state.status === 'ready' ? (
    <SignedIn as={state.me.email} me={state.me}>
      {children}
    </SignedIn>
  ) : (
    <SignedIn as={null}>{children}</SignedIn>
  );
}

/**
 * Everything a page has around it in the app, for a component under test: the configuration, `api`,
 * the cache (`options.client`, else a new one) and the card parts, `account` signed in with `options.me`
 * as its `GET /me` (see SignedIn), and a router at `path`.
 */
export function providers(
  api: ApiClient,
  account: string | null | undefined,
  children: ReactNode,
  path = '/',
  options: { client?: ReturnType<typeof createQueryClient>; me?: Extract<AccountState, { status: 'ready' }>['me'] } = {},
) {
  return (
    <ConfigContext.Provider value={testConfig}>
      <ApiContext.Provider value={api}>
        <WithQueries client={options.client}>
          <SignedIn as={account} me={options.me}>
            <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
          </SignedIn>
        </WithQueries>
      </ApiContext.Provider>
    </ConfigContext.Provider>
  );
}
