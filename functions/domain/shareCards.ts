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
import type { PostRepository } from './ports/posts';
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
