/** A stored comment as the API shows it (kept apart from comments.ts so the export can use it without a cycle). */
import { isBuried, type Comment, type CommentVoteKind } from '../contract/comments';
import type { StoredComment } from './ports/comments';

/** The public fields of a stored comment (`myVote` is the reader's, null when shared by every reader). */
export function publicComment(comment: StoredComment, myVote: CommentVoteKind | null = null): Comment {
  const votes = { up: comment.up ?? 0, down: comment.down ?? 0 };
  return {
    id: comment.id,
    postId: comment.postId,
    parentId: comment.parentId ?? null,
    name: comment.name,
    text: comment.text,
    createdAt: comment.createdAt,
    votes,
    myVote,
    collapsed: isBuried(votes),
  };
}

/** A top-level comment with its thread: its count of visible replies and the first of them. */
export function threadComment(comment: StoredComment, replies: readonly StoredComment[]): Comment {
  return {
    ...publicComment(comment),
    replyCount: Math.max(0, comment.replyCount ?? 0),
    replies: replies.map((reply) => publicComment(reply)),
  };
}
