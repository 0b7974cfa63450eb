/** The contract of «Guardadas» (docs/api.md): posts an account keeps to read later. */
import * as z from 'zod/mini';

/** How many post ids `GET /me/saved/ids` takes at once (a page of cards is at most 100). */
export const MAX_SAVED_IDS = 100;

/** `GET /me/saved/ids?ids=…`: those of the ids the caller saved. */
export const savedIdsSchema = z.object({ ids: z.array(z.string()) });
export type SavedIds = z.infer<typeof savedIdsSchema>;
