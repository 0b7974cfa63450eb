/** The limit of «Guardadas»' lookups, apart from its schema (./saved.ts re-exports it): the web's first script imports it without zod. */

/** How many post ids `GET /me/saved/ids` takes at once (a page of cards is at most 100). */
export const MAX_SAVED_IDS = 100;
