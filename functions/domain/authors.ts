/**
 * Author pages (docs/api.md): `GET /authors/{name}` and its published posts. The name is
 * looked up by the same unique key the apodos are claimed under (contract `nameKey`: case, accents
 * and look-alike letters ignored), so «maría», «MARIA» and «María» all find María. It leads to:
 * - the account that holds that apodo now;
 * - else the account that held it before a rename, for FORMER_NAME_DAYS (unless someone claimed it
 *   since): the answer is a 301 to the apodo it holds now;
 * - else the posts signed with that name by no account (the samples, an imported archive), stored
 *   under the author id `accountlessAuthorId(name)` (contract/apodos.ts), so they are found on the same index as an
 *   account's. When an account holds the name, its page wins and those posts are not shown there.
 * A deleted account and «Anonimo» lead nowhere.
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
import { accountlessAuthorId, nameKey } from '../contract/apodos';
import type { PostPage } from '../contract/posts';
import { timeOf, type Clocked } from './clock';
import { decodeCursor, encodeCursor } from './cursor';
import { DomainError } from './errors';
import { parseLimit } from './input';
import { publicPost } from './lifecycle';
import type { AuthorStore } from './ports/authors';

export class AuthorNotFoundError extends DomainError {
  constructor() {
    super('AUTHOR_NOT_FOUND');
  }
}

export type AuthorDeps = Clocked & { authors: AuthorStore };

/** Whose page a name leads to: an author (an account, or a name's posts), or the apodo a renamed account holds now. */
type Found = { authorId: string; name: string; since?: string } | { movedTo: string };

/** An apodo a renamed account held: its page answers 301 to the one it holds now (AuthorMoved). */
export type AuthorMoved = { movedTo: string };

async function findAuthor(deps: AuthorDeps, name: string | undefined): Promise<Found> {
  if (name === undefined || name.length === 0 || name.length > MAX_AUTHOR_LOOKUP_LENGTH) throw new AuthorNotFoundError();
  // No apodo or sample name holds control or invisible characters; the key would drop them and lead
  // to the look-alike's page under an address that is not its own.
  if (/[\p{Cc}\p{Cf}]/u.test(name)) throw new AuthorNotFoundError();
  const key = nameKey(name);
  if (key.length === 0 || key === nameKey(ANONYMOUS_NAME)) throw new AuthorNotFoundError();
  const account = await deps.authors.byNameKey(key);
  if (account && account.formerUntil === undefined) return { authorId: account.userId, name: account.name, since: account.since };
  // Expiry is checked here: DynamoDB's TTL deletes the row some time after it.
  if (account?.formerUntil !== undefined && Date.parse(account.formerUntil) > timeOf(deps).getTime()) return { movedTo: account.name };
  const accountless = await deps.authors.accountless(accountlessAuthorId(name));
  if (accountless) return accountless;
  throw new AuthorNotFoundError();
}

/**
 * `GET /authors/{name}`: the apodo as held now, since when, published posts and the votes they
 * received; or, for an apodo a renamed account held, the one it holds now.
 */
export async function readAuthor(deps: AuthorDeps, name: string | undefined): Promise<AuthorProfile | AuthorMoved> {
  const author = await findAuthor(deps, name);
  if ('movedTo' in author) return author;
  const totals = await deps.authors.totals(author.authorId);
  return {
    name: author.name,
    since: author.since ?? totals.oldestPublishedAt ?? null,
    posts: totals.posts,
    votes: totals.votes,
  };
}

/** `GET /authors/{name}/posts`: their published posts, newest `publishedAt` first, one Query a page (or where they moved). */
export async function readAuthorPosts(
  deps: AuthorDeps,
  name: string | undefined,
  params: { limit?: string; cursor?: string },
): Promise<PostPage | AuthorMoved> {
  const limit = parseLimit(params.limit);
  const after = params.cursor !== undefined ? decodeCursor(params.cursor) : undefined;
  const author = await findAuthor(deps, name);
  if ('movedTo' in author) return author;
  const page = await deps.authors.publishedPage({ authorId: author.authorId, limit, afterSortKey: after?.sortKey });
  return {
    items: page.items.map(publicPost),
    nextCursor: page.hasMore && page.lastSortKey ? encodeCursor(page.lastSortKey) : null,
  };
}
