import { useCallback, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { liveUrl, useLivePosts } from '../features/live/useLivePosts';
import type { LiveCommentEvent, SubscribeToComments } from '../features/comments/liveComments';
import { writeLiveVotes } from '../features/votes/useVotes';
import { writeLiveCommentVotes } from '../features/comments/useCommentVotes';
import { useConfig } from '../lib/config';

/**
 * The live socket of a post's own page, opened as `wsUrl?post=<id>`: `post.updated` moves the vote
 * counts of the cards shown, `comment.updated` the comments' counts, and the post's new comments
 * (replies too) and reconnections go to whoever
 * subscribes — the comments section. Entering and leaving the feeds does not concern this page.
 */
export function usePostLive(postId: string): SubscribeToComments {
  const config = useConfig();
  const client = useQueryClient();
  const listeners = useRef(new Set<(event: LiveCommentEvent) => void>());
  const emit = (event: LiveCommentEvent) => listeners.current.forEach((listener) => listener(event));
  useLivePosts(liveUrl(config.wsUrl, postId), {
    onPublished: () => undefined,
    onRemoved: () => undefined,
    onReconnect: () => emit({ type: 'reconnected' }),
    onCommentCreated: (comment) => emit({ type: 'created', comment }),
    onCommentUpdated: (id, votes) => writeLiveCommentVotes(client, id, votes),
    onUpdated: (id, counts) => writeLiveVotes(client, id, counts),
  });
  return useCallback((listener: (event: LiveCommentEvent) => void) => {
    const all = listeners.current;
    all.add(listener);
    return () => void all.delete(listener);
  }, []);
}
