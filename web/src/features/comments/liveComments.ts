import type { Comment } from '@contract/comments';

/** What the post page hears live about its comments: a new one, or that the connection came back. */
export type LiveCommentEvent = { type: 'created'; comment: Comment } | { type: 'reconnected' };

/**
 * Subscribes to the page's live comment events; returns the unsubscribe function. The app provides it
 * (it owns the WebSocket: features do not import each other).
 */
export type SubscribeToComments = (listener: (event: LiveCommentEvent) => void) => () => void;
