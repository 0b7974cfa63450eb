import { createContext, useContext } from 'react';

/**
 * Who is signed in, as the app tells the rest of the tree (app/AppProviders.tsx, from the auth
 * feature): the account's id (its email), null for nobody, undefined while the session loads — on the
 * server and while a page is taken over, and until the identity service has said. The server state of
 * one account (its votes, saved posts, `GET /me`) is cached under this id, so one account's answers are
 * never shown to another.
 */
export const SessionContext = createContext<string | null | undefined>(undefined);

export function useSession(): string | null | undefined {
  return useContext(SessionContext);
}
