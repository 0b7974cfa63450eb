/**
 * Author pages (docs/api.md): `GET /authors/{name}` and its published posts. The name is
 * looked up by the same unique key the apodos are claimed under (contract `nameKey`: case, accents
 * and look-alike letters ignored), so «maría», «MARIA» and «María» all find María. Only an apodo an
 * account holds now is found: a renamed account answers at its new name only (its old name row was
 * freed in the rename's transaction), a deleted one and «Anónimo» at none.
 *
 * The totals are computed when read, from the author's entries in the posts table's
 * author-feed-index (keys and the two vote counters only): they are exactly the published posts and
 * their counters as stored, with no second copy that a publish, vote, removal or restore would have
 * to keep in step (and no hot account row that every vote on every post of a popular author would
 * contend on). The cost grows with the author's published posts: about 150 bytes each, so one 1 MB
 * Query page (at most 128 read units, a few for an ordinary author) covers several thousand posts —
 * more than anyone publishes under the rate limit (5 posts in 10 minutes) and community moderation.
 */
import { MAX_AUTHOR_LOOKUP_LENGTH, type AuthorProfile } from '../contract/authors';
import { ANONYMOUS_NAME } from '../contract/accounts';
import { nameKey } from '../contract/apodos';
import type { PostPage } from '../contract/posts';
import { decodeCursor, encodeCursor } from './cursor';
import { DomainError } from './errors';
import { parseLimit } from './input';
import { publicPost } from './lifecycle';
import type { AuthorStore, NamedAccount } from './ports/authors';

export class AuthorNotFoundError extends DomainError {
  constructor() {
    super('AUTHOR_NOT_FOUND');
  }
}

export type AuthorDeps = { authors: AuthorStore };

/** The account that holds `name` now (ignoring case, accents and look-alikes), or AUTHOR_NOT_FOUND. */
async function findAuthor(deps: AuthorDeps, name: string | undefined): Promise<NamedAccount> {
  if (name === undefined || name.length === 0 || name.length > MAX_AUTHOR_LOOKUP_LENGTH) throw new AuthorNotFoundError();
  const key = nameKey(name);
  if (key.length === 0 || key === nameKey(ANONYMOUS_NAME)) throw new AuthorNotFoundError();
  const account = await deps.authors.byNameKey(key);
  if (!account) throw new AuthorNotFoundError();
  return account;
}

/** `GET /authors/{name}`: the apodo as held now, since when, published posts and the votes they received. */
export async function readAuthor(deps: AuthorDeps, name: string | undefined): Promise<AuthorProfile> {
  const account = await findAuthor(deps, name);
  const totals = await deps.authors.totals(account.userId);
  return {
    name: account.name,
    since: account.since ?? totals.oldestPublishedAt ?? null,
    posts: totals.posts,
    votes: totals.votes,
  };
}

/** `GET /authors/{name}/posts`: their published posts, newest `publishedAt` first, one Query a page. */
export async function readAuthorPosts(
  deps: AuthorDeps,
  name: string | undefined,
  params: { limit?: string; cursor?: string },
): Promise<PostPage> {
  const limit = parseLimit(params.limit);
  const after = params.cursor !== undefined ? decodeCursor(params.cursor) : undefined;
  const account = await findAuthor(deps, name);
  const page = await deps.authors.publishedPage({ authorId: account.userId, limit, afterSortKey: after?.sortKey });
  return {
    items: page.items.map(publicPost),
    nextCursor: page.hasMore && page.lastSortKey ? encodeCursor(page.lastSortKey) : null,
  };
}
