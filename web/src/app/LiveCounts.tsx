import { useConfig } from '../lib/config';
import { useLivePosts } from '../features/live/useLivePosts';
import { useVoteBook } from '../features/posts/votes';

/**
 * Live counts for a page without a feed of its own (`/post/:id`): `post.updated` moves the counts of
 * the cards shown; entering and leaving the feeds does not concern it. Renders nothing.
 */
export function LiveCounts() {
  const config = useConfig();
  const votes = useVoteBook();
  useLivePosts(config.wsUrl, {
    onPublished: () => undefined,
    onRemoved: () => undefined,
    onReconnect: () => undefined,
    onUpdated: (id, counts) => votes?.live(id, counts),
  });
  return null;
}
