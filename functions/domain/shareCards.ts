/**
 * Which share card a request names (docs/share-cards.md): `/og/post/{id}.png?v=…` for a
 * published post, `/og/site.png?v=…` for the site. A card's version is a hash of what it shows (the
 * text, the category, the apodo) and of the design, so a URL always names one picture: CloudFront and
 * scrapers may keep it long, and an edit or a rename makes a new URL. A request for another version
 * (an old link, or none) is sent to the current one; what is not public is not found.
 */
import { createHash } from 'node:crypto';
import type { Post } from '../contract/posts';
import { SHARE_CARD_DESIGN, SHARE_CARD_PATHS, SHARE_CARD_PREFIX, SITE_CARD_VERSION } from '../contract/shareCards';
import { PostNotFoundError, ValidationError } from './errors';
import type { CardCache } from './ports/cardCache';
import type { PostRepository, StoredPost } from './ports/posts';
import { readPost } from './posts';

/** The part of a post its card shows. */
export type CardPost = Pick<Post, 'id' | 'name' | 'category' | 'post'>;

/** The version of a post's card: 12 characters of a SHA-256 of the design and what the card shows. */
export function postCardVersion(post: Pick<Post, 'name' | 'category' | 'post'>): string {
  return createHash('sha256')
    .update(JSON.stringify([SHARE_CARD_DESIGN, post.post, post.category, post.name]))
    .digest('base64url')
    .slice(0, 12);
}

/** The path (with its `?v=`) of a published post's card at its current version. */
export function postCardPath(post: CardPost): string {
  return SHARE_CARD_PATHS.post(post.id, postCardVersion(post));
}

/**
 * The cards a cache in front of the image function may hold that no longer show a public post as it
 * is: the card of a post that left the feeds (removed, hidden, deleted with its account's content) or
 * whose text, category or apodo changed (a resend, a rename, its account deleted and the post signed
 * «Anonimo»). Each is the exact versioned path the post's page named; other versions only ever
 * answered a redirect kept for seconds. A change that keeps the card (a vote, a comment) names none.
 */
export function staleCardPaths(changes: readonly { before?: StoredPost; after?: StoredPost }[]): string[] {
  const paths = new Set<string>();
  for (const { before, after } of changes) {
    if (before?.status !== 'published') continue;
    const old = postCardPath(before);
    if (after?.status !== 'published' || postCardPath(after) !== old) paths.add(old);
  }
  return [...paths];
}

/** Drops the cached copies of the cards `changes` made stale; the number of paths it named. */
export async function forgetStaleCards(
  deps: { cards: CardCache },
  changes: readonly { before?: StoredPost; after?: StoredPost }[],
): Promise<number> {
  const paths = staleCardPaths(changes);
  if (paths.length > 0) await deps.cards.forget(paths);
  return paths.length;
}

export type CardRequest =
  | { kind: 'post'; post: CardPost }
  | { kind: 'site' }
  /** Another version than the current one: the current card's path. */
  | { kind: 'moved'; location: string }
  | { kind: 'notFound' };

const POST_CARD = new RegExp(`^${SHARE_CARD_PREFIX}post/([^/]+)\\.png$`);

/** What `path` (percent-encoded, as requested) with `?v=version` names. */
export async function shareCardRequest(deps: { posts: PostRepository }, path: string, version: string | null): Promise<CardRequest> {
  if (path === `${SHARE_CARD_PREFIX}site.png`) {
    return version === SITE_CARD_VERSION ? { kind: 'site' } : { kind: 'moved', location: SHARE_CARD_PATHS.site };
  }
  const match = POST_CARD.exec(path);
  if (!match) return { kind: 'notFound' };
  let id: string;
  try {
    id = decodeURIComponent(match[1] ?? '');
  } catch {
    return { kind: 'notFound' };
  }
  let post: Post;
  try {
    post = await readPost(deps, id);
  } catch (error) {
    // A malformed id, or a post that does not exist or is not public (pending, rejected, hidden, removed).
    if (error instanceof PostNotFoundError || error instanceof ValidationError) return { kind: 'notFound' };
    throw error;
  }
  return version === postCardVersion(post) ? { kind: 'post', post } : { kind: 'moved', location: postCardPath(post) };
}
