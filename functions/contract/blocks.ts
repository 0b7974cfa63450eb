/**
 * The contract of blocking (docs/api.md): a signed-in account stops hearing from another. The blocked
 * account's posts and comments fold for the blocker wherever they appear (the web folds them from
 * `GET /me/blocks`), and no notification of theirs reaches the blocker; the blocked account is never told.
 */
import * as z from 'zod/mini';

/** How many accounts one account may block: a list anyone reads whole, a page's worth of apodos. */
export const MAX_BLOCKS = 1000;

/** `GET /me/blocks`: the apodos the blocked accounts hold now (a block follows its account's renames), by name. */
export const blockListSchema = z.object({ names: z.array(z.string()) });
export type BlockList = z.infer<typeof blockListSchema>;
