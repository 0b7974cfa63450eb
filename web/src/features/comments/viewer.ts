/**
 * Who is reading, as the post page needs it (the app passes it in: features do not read each other's
 * state). `name` is the public name the user's comments carry; null when signed out or unknown.
 */
export type Viewer = { status: 'loading' | 'signedOut' | 'signedIn'; name: string | null; moderator: boolean };

export const SIGNED_OUT: Viewer = { status: 'signedOut', name: null, moderator: false };

/** Names many people share, which say nothing about who wrote a comment. */
const SHARED_NAMES = new Set(['anónimo', 'anonimo']);

/**
 * Whether to offer «Borrar» on a comment: moderators on every one, others on those signed with their
 * own public name. The API decides (403 for anyone else); this only avoids offering what it refuses.
 */
export function mayDelete(viewer: Viewer, commentName: string): boolean {
  if (viewer.status !== 'signedIn') return false;
  if (viewer.moderator) return true;
  return viewer.name !== null && !SHARED_NAMES.has(viewer.name.toLowerCase()) && viewer.name === commentName;
}
