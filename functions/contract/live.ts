/** The contract of the live channel: the messages the WebSocket API sends. */
import * as z from 'zod/mini';
import { commentSchema, commentVotesSchema, type Comment, type CommentVotes } from './comments';
import { notificationSchema, type Notification } from './notifications';
import { postVotesSchema, toPost, type Post, type PostVotes } from './posts';

/**
 * The one message a client may send: `{ "action": "ping" }` (the WebSocket API's route key is the
 * `action`), answered at once on the same socket with `{ "type": "pong" }`, with no account and no
 * function (API Gateway answers it itself). It proves the live channel answers end to end: the smoke
 * test sends it (infra/tools/smoke.ts).
 */
export const LIVE_PING = { action: 'ping' } as const;
export const LIVE_PONG = { type: 'pong' } as const;

/** `post.updated` is sent at most once per post in this many milliseconds (a burst of votes is one message). */
export const LIVE_UPDATE_INTERVAL_MS = 1000;

/**
 * Live messages. To every open WebSocket connection: `post.published` when a post enters the feeds,
 * `post.removed` when it leaves them (removed by its author or a moderator, hidden by reports),
 * `post.updated` when a published post's counts change (at most once a second per post). To the
 * connections reading one post's page (opened with `?post=<id>`): `comment.created` (replies too) and
 * `comment.updated` when a comment's counts change (at most once a second per comment). To the
 * connections opened with a valid ID token (`?token=<ID token>`, checked at connect as the HTTP API's
 * authorizer checks it), of that account only: `notification.created` (docs/api.md).
 */
export type LiveMessage =
  | { type: 'post.published'; post: Post }
  | { type: 'post.removed'; id: string }
  | { type: 'post.updated'; id: string; votes: PostVotes; comments: number }
  | { type: 'comment.created'; comment: Comment }
  | { type: 'comment.updated'; id: string; votes: CommentVotes; collapsed: boolean }
  | { type: 'notification.created'; notification: Notification };

const commentUpdatedSchema = z.object({ id: z.string().check(z.minLength(1)), votes: commentVotesSchema, collapsed: z.boolean() });
const postUpdatedSchema = z.object({ id: z.string().check(z.minLength(1)), votes: postVotesSchema, comments: z.number() });

/** A live frame from the server, or null for anything else (unknown types are ignored, not errors). */
export function toLiveMessage(value: unknown): LiveMessage | null {
  if (typeof value !== 'object' || value === null) return null;
  const message = value as { type?: unknown; post?: unknown; id?: unknown };
  if (message.type === 'post.published') {
    const post = toPost(message.post);
    return post ? { type: 'post.published', post } : null;
  }
  if (message.type === 'post.removed' && typeof message.id === 'string' && message.id !== '')
    return { type: 'post.removed', id: message.id };
  if (message.type === 'post.updated') {
    const update = z.safeParse(postUpdatedSchema, value);
    return update.success ? { type: 'post.updated', id: update.data.id, votes: update.data.votes, comments: update.data.comments } : null;
  }
  if (message.type === 'comment.created') {
    const comment = z.safeParse(commentSchema, (value as { comment?: unknown }).comment);
    return comment.success ? { type: 'comment.created', comment: comment.data } : null;
  }
  if (message.type === 'comment.updated') {
    const update = z.safeParse(commentUpdatedSchema, value);
    return update.success
      ? { type: 'comment.updated', id: update.data.id, votes: update.data.votes, collapsed: update.data.collapsed }
      : null;
  }
  if (message.type === 'notification.created') {
    const notification = z.safeParse(notificationSchema, (value as { notification?: unknown }).notification);
    return notification.success ? { type: 'notification.created', notification: notification.data } : null;
  }
  return null;
}
