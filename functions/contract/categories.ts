/**
 * The six categories, apart from the posts' schemas (./posts.ts re-exports them): the web's first
 * script imports only these, so it carries no zod (web/vite.config.ts checks it).
 */

/** The six fixed categories, lowercase, in the order the site lists them. */
export const CATEGORIES = ['varios', 'amor', 'amistad', 'picante', 'trabajo', 'familia'] as const;
export type Category = (typeof CATEGORIES)[number];
export const DEFAULT_CATEGORY: Category = 'varios';

export function isCategory(value: unknown): value is Category {
  return typeof value === 'string' && (CATEGORIES as readonly string[]).includes(value);
}
