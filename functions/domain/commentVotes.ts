/**
 * «+1 / −1» on comments. A vote and the comment's counts move in one transaction conditioned on the
 * vote row read, retried on a fresh read when another request won the race: the counts always equal
 * the votes stored, however many arrive at once (as post votes, votes.ts).
 */
import { MAX_VOTE_IDS } from '../contract/votes';
import { commentVoteSchema, type CommentVoteKind, type CommentVoteResult, type MyCommentVotes } from '../contract/comments';
import type { Caller } from './author';
import { commentIdFrom } from './comments';
import { CommentNotFoundError, OwnCommentError, TooManyChangesError } from './errors';
import { parseIdList, parseRequest, untilSettled } from './input';
import type { CommentStore } from './ports/comments';
import type { CommentVoteStore } from './ports/commentVotes';
import type { ActionCounter } from './ports/posts';
import { timeOf } from './clock';

export type CommentVotesDeps = { comments: Pick<CommentStore, 'get'>; votes: CommentVoteStore; toggles: ActionCounter; now?: () => Date };

/**
 * Sets the caller's vote on a visible comment, replacing an earlier one; the same vote again changes
 * nothing. Not on one's own comment (OWN_COMMENT); anything but a visible comment is COMMENT_NOT_FOUND.
 * A change counts towards TOGGLE_RATE_LIMIT with the account's post votes and saves (each one is a
 * live `comment.updated` to every reader of the post): TOO_MANY_CHANGES past it.
 */
export async function castCommentVote(
  deps: CommentVotesDeps,
  caller: Caller,
  id: string | undefined,
  body: unknown,
): Promise<CommentVoteResult> {
  const commentId = commentIdFrom(id);
  const { vote } = parseRequest(commentVoteSchema, body);
  return changeCommentVote(deps, caller, commentId, vote);
}

/** Removes the caller's vote on a visible comment (nothing to remove is not an error). */
export async function removeCommentVote(deps: CommentVotesDeps, caller: Caller, id: string | undefined): Promise<CommentVoteResult> {
  return changeCommentVote(deps, caller, commentIdFrom(id), null);
}

async function changeCommentVote(
  deps: CommentVotesDeps,
  caller: Caller,
  commentId: string,
  to: CommentVoteKind | null,
): Promise<CommentVoteResult> {
  let counted = false;
  const settled = await untilSettled(async () => {
    const comment = await deps.comments.get(commentId, { consistent: true });
    if (!comment || comment.status !== 'visible') throw new CommentNotFoundError();
    if (comment.authorId === caller.id && to !== null) throw new OwnCommentError();
    const from = (await deps.votes.get(caller.id, commentId)) ?? null;
    const counts = { up: comment.up ?? 0, down: comment.down ?? 0 };
    if (from === to) return { votes: counts, changed: false };
    // Only a change counts (once, however many retries a race costs).
    if (!counted && !(await deps.toggles.take(caller.id, timeOf(deps)))) throw new TooManyChangesError();
    counted = true;
    const written = await deps.votes.change({ comment, userId: caller.id, from, to, at: timeOf(deps) });
    if (written === 'gone') throw new CommentNotFoundError();
    return written === 'recorded' ? { votes: counts, changed: true } : undefined;
  });
  // The counts as they are now (other readers' votes included), read after this one was stored.
  const current = settled.changed ? await deps.comments.get(commentId, { consistent: true }) : undefined;
  return { votes: current ? { up: current.up ?? 0, down: current.down ?? 0 } : settled.votes, myVote: to };
}

/**
 * The caller's votes on a page of comments: `ids` is a comma-separated list of 1–MAX_VOTE_IDS comment
 * ids (repeats allowed); comments they did not vote on are absent. Anything else is INVALID_REQUEST.
 */
export async function readMyCommentVotes(
  deps: { votes: CommentVoteStore },
  caller: Caller,
  params: { ids?: string },
): Promise<MyCommentVotes> {
  const ids = parseIdList(params.ids, MAX_VOTE_IDS);
  const found = await deps.votes.of(caller.id, ids);
  return { votes: Object.fromEntries(found) };
}
