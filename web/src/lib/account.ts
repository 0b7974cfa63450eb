import { useCallback, useMemo } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Me } from '@contract/accounts';
import { ANONYMOUS_NAME } from '@contract/accountRules';
import { errorMessage, useApi } from './api';
import { queryKeys } from './queries';
import { useSession } from './session';

/**
 * The signed-in account as the API knows it (`GET /me`): its apodo — null until chosen — email and
 * role. `none` while nobody is signed in.
 */
export type AccountState = { status: 'none' } | { status: 'loading' } | { status: 'ready'; me: Me } | { status: 'error'; message: string };

export type AccountValue = {
  state: AccountState;
  /** Reads `GET /me` again (after a rename, a notification); resolves once it has answered. */
  reload(): Promise<void>;
};

/**
 * Reads `GET /me` again for whoever is signed in now (a write met a suspension, a rename, a
 * notification). A read under way is dropped first: it may have been answered before what changed.
 */
export async function rereadAccount(client: QueryClient): Promise<void> {
  await client.cancelQueries({ queryKey: queryKeys.meOfAnyone });
  await client.invalidateQueries({ queryKey: queryKeys.meOfAnyone });
}

/**
 * `GET /me` as a query of who is signed in: read once per sign-in (never stale on its own: it changes
 * when this account does something, and those places read it again), kept under the account's id.
 */
export function useAccount(): AccountValue {
  const who = useSession();
  const api = useApi();
  const client = useQueryClient();
  const query = useQuery({
    queryKey: queryKeys.me(who ?? ''),
    queryFn: () => api.call('accounts.me'),
    enabled: typeof who === 'string',
    staleTime: Infinity,
  });
  const { data, error } = query;
  const reload = useCallback(() => rereadAccount(client), [client]);
  return useMemo(() => {
    const state: AccountState =
      typeof who !== 'string'
        ? { status: 'none' }
        : data
          ? { status: 'ready', me: data }
          : error
            ? { status: 'error', message: errorMessage(error) }
            : { status: 'loading' };
    return { state, reload };
  }, [who, data, error, reload]);
}

/**
 * Whether `author` (a post's or a comment's signature) is the signed-in account: false while who is
 * signed in, or their apodo, is not known (so the server's page and the render taking it over agree).
 * The API exposes no author id on a post or a comment (docs/api.md: nothing that tells accounts apart
 * beyond the public name), and it needs none here: an apodo is unique, and a rename re-signs the
 * account's posts and comments, so the apodo tells one's own. «Anonimo» is everyone's who has none:
 * it never marks anything as one's own.
 */
export function useIsMine(author: string): boolean {
  const { state } = useAccount();
  return state.status === 'ready' && state.me.name !== null && state.me.name !== ANONYMOUS_NAME && state.me.name === author;
}
