/**
 * The apodo's length, the anonymous signature and the permanent suspension's date, apart from the
 * accounts' schemas (./accounts.ts re-exports them): the web's first script imports only these, so it
 * carries no zod (web/vite.config.ts checks it).
 */

/** The apodo's length, in characters; its rules (what it may contain, when two are the same) are in ./apodos.ts. */
export const NAME_MIN_LENGTH = 3;
export const NAME_MAX_LENGTH = 30;

/**
 * What a post shows for an author without an apodo (a Google account's first visit, a deleted account):
 * the word the header has always shown a visitor, spelt the same way, so no page shows it two ways.
 */
export const ANONYMOUS_NAME = 'Anonimo';

/** How ANONYMOUS_NAME was once spelt; signatures stored then are still in the tables. */
const FORMER_ANONYMOUS_NAME = 'Anónimo';

/** A stored signature as it is shown: one stored with the former spelling of ANONYMOUS_NAME reads as today's. */
export function signatureOf(stored: string): string {
  return stored === FORMER_ANONYMOUS_NAME ? ANONYMOUS_NAME : stored;
}

/** The end of a suspension for good, as `GET /me` reports it. */
export const PERMANENT_SUSPENSION = '9999-12-31T00:00:00.000Z';
