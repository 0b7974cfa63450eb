/** The contract of author pages (docs/api.md): an apodo's public profile and its posts. */
import * as z from 'zod/mini';
import { postVotesSchema } from './posts';

/**
 * `GET /authors/{name}`: the apodo as its account holds it now, since when (the account's first
 * apodo, or — for accounts named before that was recorded — its oldest published post; null when
 * neither is known), how many of its posts are published and the votes those posts received.
 */
export const authorSchema = z.object({
  name: z.string(),
  since: z.nullable(z.string()),
  posts: z.number(),
  votes: postVotesSchema,
});
export type AuthorProfile = z.infer<typeof authorSchema>;

/**
 * How long an apodo left by a rename still leads to its account (`GET /authors/{old}` → 301 to the
 * new one), unless someone else claims it first.
 */
export const FORMER_NAME_DAYS = 90;

/** Longer requested names are never an apodo (NAME_MAX_LENGTH is 30): they are not looked up. */
export const MAX_AUTHOR_LOOKUP_LENGTH = 100;

/** The path of an author's profile in the API (`GET /authors/{name}`). */
export function authorApiPath(name: string): string {
  return `/authors/${encodeURIComponent(name)}`;
}

export { authorPath } from './documents';
