/** The contract of «Guardadas» (docs/api.md): posts an account keeps to read later. */
import * as z from 'zod/mini';
export { MAX_SAVED_IDS } from './savedRules';

/** `GET /me/saved/ids?ids=…`: those of the ids the caller saved. */
export const savedIdsSchema = z.object({ ids: z.array(z.string()) });
export type SavedIds = z.infer<typeof savedIdsSchema>;
