/** The schema of a page of a list (its own module: ./common.ts, which the web's first script imports, has no zod). */
import * as z from 'zod/mini';

/**
 * The schema of a page (./common.ts's `Page`) of `item`. Marked free of side effects (as the `z` calls are, in
 * web/vite.config.ts) so a bundle drops the page schemas nobody uses: the web app validates none.
 */
/* @__NO_SIDE_EFFECTS__ */
export function pageSchema<T extends z.ZodMiniType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.nullable(z.string()) });
}
