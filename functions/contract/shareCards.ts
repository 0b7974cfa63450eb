/**
 * Share cards (docs/share-cards.md): the 1200×630 PNG a shared link previews with
 * (`og:image`), one per published post and one for the site. Each URL carries a version (`?v=`), so
 * CloudFront and the networks' scrapers may keep an image for long: an edit of the post, a rename of
 * its author or a new design makes a new URL (functions/domain/shareCards.ts computes it).
 */
import { SITE_NAME } from './documents';

/** Every share card's size, in pixels (`og:image:width`, `og:image:height`). */
export const SHARE_CARD_SIZE = { width: 1200, height: 630 } as const;

/**
 * The cards' design: part of every version, so changing the renderer's look (bump it) gives every
 * card a new URL instead of leaving the old picture in caches.
 */
export const SHARE_CARD_DESIGN = 1;

/** The path prefix of the image function (a CloudFront behaviour `/og/*` of its own). */
export const SHARE_CARD_PREFIX = '/og/';

/** `?v=` of the site's card: it changes only with the design. */
export const SITE_CARD_VERSION = `d${SHARE_CARD_DESIGN}`;

export const SHARE_CARD_PATHS = {
  /** A published post's card at its current version (the path the image function answers 200 on). */
  post: (id: string, version: string) => `${SHARE_CARD_PREFIX}post/${encodeURIComponent(id)}.png?v=${version}`,
  /** The site's card, for every page that is not a post. */
  site: `${SHARE_CARD_PREFIX}site.png?v=${SITE_CARD_VERSION}`,
} as const;

/** `og:image:alt` of a post's card. */
export function postCardAlt(authorName: string): string {
  return `Anécdota de ${authorName} en ${SITE_NAME}`;
}

/** `og:image:alt` of the site's card. */
export const SITE_CARD_ALT = `${SITE_NAME}: anécdotas cortas de días malos`;

/**
 * How long a card at its versioned URL may be kept, in seconds (browsers and CloudFront): a day. The
 * URL changes with the content, so this only bounds how long a post that stopped being public
 * (removed, hidden) may still show as a picture from a cache.
 */
export const SHARE_CARD_MAX_AGE = 86_400;
