import { createContext, useContext } from 'react';
import type { Me } from '@contract/accounts';

/**
 * The signed-in account as the API knows it (`GET /me`): its apodo — null until chosen — email and
 * role. `none` while nobody is signed in.
 */
export type AccountState = { status: 'none' } | { status: 'loading' } | { status: 'ready'; me: Me } | { status: 'error'; message: string };

export type AccountContextValue = {
  state: AccountState;
  /** Reads `GET /me` again (after a rename); resolves when `state` has it. */
  reload(): Promise<void>;
};

export const AccountContext = createContext<AccountContextValue | null>(null);

export function useAccount(): AccountContextValue {
  const value = useContext(AccountContext);
  if (!value) throw new Error('useAccount needs an AccountContext provider');
  return value;
}

/**
 * The window event the app's API client sends when a write answers 403 ACCOUNT_SUSPENDED: the account
 * was suspended since `GET /me` was read, so it is read again (and the header says until when).
 */
export const ACCOUNT_SUSPENDED_EVENT = 'vayadia:account-suspended';
