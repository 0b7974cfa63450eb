/**
 * Votes on published posts («¡Vaya día!» / «Te lo mereces») and the Top. A vote and the post's counts
 * move in one transaction conditioned on what was read, retried on a fresh read when another request
 * won the race: counts always equal the votes stored, however many arrive at once.
 */
import { type PostVotes } from '../contract/posts';
import {
  DEFAULT_TOP_PERIODS,
  MAX_VOTE_IDS,
  TOP_PERIODS,
  TOP_RANKINGS,
  postVoteSchema,
  type MyVotes,
  type TopPage,
  type TopPeriod,
  type TopRanking,
  type VoteKind,
  type VoteResult,
} from '../contract/votes';
import type { Caller } from './author';
import { OwnPostError, PostNotFoundError, TooManyChangesError, ValidationError } from './errors';
import { parseIdList, parseLimit, parseRequest, postIdFrom, untilSettled } from './input';
import { publicPost } from './lifecycle';
import { bucketOf } from './periods';
import { decodeRankCursor, encodeRankCursor } from './rankings';
import type { ActionCounter, PostRepository } from './ports/posts';
import type { RankingStore } from './ports/rankings';
import type { VoteStore } from './ports/votes';
import { timeOf } from './clock';

export type VotesDeps = { posts: PostRepository; votes: VoteStore; toggles: ActionCounter; now?: () => Date };
export type TopDeps = { top: RankingStore; now?: () => Date };

/** Counts after moving one vote from `from` to `to` (either may be none). */
export function movedVotes(votes: PostVotes, from: VoteKind | null, to: VoteKind | null): PostVotes {
  const next = { ...votes };
  if (from) next[from] -= 1;
  if (to) next[to] += 1;
  return next;
}

/**
 * Sets the caller's vote on a published post, replacing an earlier one (which moves one count down
 * and the other up in the same transaction). The same vote again changes nothing. Authors do not
 * vote on their own posts (OWN_POST); anything but a published post is POST_NOT_FOUND; past
 * TOGGLE_RATE_LIMIT changes in a minute, TOO_MANY_CHANGES.
 */
export async function castVote(deps: VotesDeps, caller: Caller, id: string | undefined, body: unknown): Promise<VoteResult> {
  const postId = postIdFrom(id);
  const { vote } = parseRequest(postVoteSchema, body);
  return changeVote(deps, caller, postId, vote);
}

/** Removes the caller's vote on a published post (nothing to remove is not an error). */
export async function removeVote(deps: VotesDeps, caller: Caller, id: string | undefined): Promise<VoteResult> {
  return changeVote(deps, caller, postIdFrom(id), null);
}

async function changeVote(deps: VotesDeps, caller: Caller, postId: string, to: VoteKind | null): Promise<VoteResult> {
  let counted = false;
  const settled = await untilSettled(async () => {
    const post = await deps.posts.get(postId, { consistent: true });
    if (!post || post.status !== 'published') throw new PostNotFoundError();
    if (post.authorId === caller.id && to !== null) throw new OwnPostError();
    const from = (await deps.votes.get(caller.id, postId)) ?? null;
    if (from === to) return { votes: post.votes, changed: false };
    // Only a change counts towards TOGGLE_RATE_LIMIT (once, however many retries a race costs).
    if (!counted && !(await deps.toggles.take(caller.id, timeOf(deps)))) throw new TooManyChangesError();
    counted = true;
    const written = await deps.votes.change({ post, userId: caller.id, from, to, at: timeOf(deps) });
    return written ? { votes: movedVotes(post.votes, from, to), changed: true } : undefined;
  });
  // The counts as they are now (other readers' votes included), read after this one was stored.
  const current = settled.changed ? await deps.posts.get(postId, { consistent: true }) : undefined;
  return { votes: current?.votes ?? settled.votes, myVote: to };
}

/**
 * The caller's votes on a page of posts: `ids` is a comma-separated list of 1–MAX_VOTE_IDS post ids
 * (repeats allowed); posts they did not vote on are absent. Anything else is INVALID_REQUEST.
 */
export async function readMyVotes(deps: { votes: VoteStore }, caller: Caller, params: { ids?: string }): Promise<MyVotes> {
  const ids = parseIdList(params.ids, MAX_VOTE_IDS);
  const found = await deps.votes.of(caller.id, ids);
  return { votes: Object.fromEntries(found) };
}

export type TopParams = { period?: string; by?: string; limit?: string; cursor?: string };

function isPeriod(value: string): value is TopPeriod {
  return (TOP_PERIODS as readonly string[]).includes(value);
}
function isRanking(value: string): value is TopRanking {
  return (TOP_RANKINGS as readonly string[]).includes(value);
}

/**
 * One page of the Top: the posts published in a calendar period (Europe/Madrid) with the most votes
 * of one kind (`agree` when absent), ties newest first. One Query of the period's partition and one
 * batch read of its posts, whatever the table size. Without a period, the first page is this week's,
 * or — while the week has no ranked post — the first of DEFAULT_TOP_PERIODS that has one (a Query
 * more for each period tried), and the answer names it; a next page (a cursor) without a period is
 * the week's, so a reader pages on with the period the first page named.
 */
export async function readTop(deps: TopDeps, params: TopParams): Promise<TopPage> {
  const asked = params.period;
  if (asked !== undefined && !isPeriod(asked)) throw new ValidationError('INVALID_PERIOD');
  const ranking = params.by ?? 'agree';
  if (!isRanking(ranking)) throw new ValidationError('INVALID_RANKING');
  const limit = parseLimit(params.limit);
  const afterRank = params.cursor !== undefined ? decodeRankCursor(params.cursor) : undefined;
  const at = timeOf(deps);
  const read = async (period: TopPeriod): Promise<TopPage> => {
    const page = await deps.top.page({ bucket: bucketOf(period, at), ranking, limit, afterRank });
    return {
      period,
      items: page.items.filter((post) => post.status === 'published').map(publicPost),
      nextCursor: page.hasMore && page.lastRank ? encodeRankCursor(page.lastRank) : null,
    };
  };
  if (asked !== undefined) return read(asked);
  const [first, ...others] = DEFAULT_TOP_PERIODS;
  const opening = await read(first);
  if (afterRank !== undefined || opening.items.length > 0) return opening;
  for (const period of others) {
    const page = await read(period);
    if (page.items.length > 0) return page;
  }
  return opening;
}
