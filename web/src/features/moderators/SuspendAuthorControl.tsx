import { lazy, Suspense } from 'react';
import { useAccount, useIsMine } from '../../lib/account';

/** Whose author is suspended: the author of a post, or of one comment. */
export type SuspendTarget = { kind: 'post' | 'comment'; id: string };

// The form is its own script, loaded when a moderator sees a card: nobody else ever needs it.
const SuspendAuthorForm = lazy(() => import('./SuspendAuthorForm'));

/**
 * «Suspender autor» on a post card and on each comment, for moderators only (as `GET /me` says;
 * the API refuses anyone else with 403). Nothing is shown to others, nor on the moderator's own
 * posts and comments (signed with their apodo).
 */
export function SuspendAuthorControl({ target, author }: { target: SuspendTarget; author: string }) {
  const { state } = useAccount();
  const own = useIsMine(author);
  const me = state.status === 'ready' ? state.me : null;
  if (!me?.moderator || own) return null;
  return (
    <Suspense fallback={null}>
      <SuspendAuthorForm target={target} author={author} />
    </Suspense>
  );
}
