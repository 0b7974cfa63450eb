import { useEffect, useRef } from 'react';
import { skipToken, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Post, PostVotes } from '@contract/posts';
import { MAX_VOTE_IDS, type VoteKind } from '@contract/votes';
import { ApiError, errorMessage, useApi, type ApiClient } from '../../lib/api';
import { batchById, batcherPer } from '../../lib/batchById';
import { queryKeys } from '../../lib/queries';
import { useSession } from '../../lib/session';

/** The signed-in reader's vote on one post: one `GET /me/votes` for every card that asks in the same tick. */
const myVoteOf = batcherPer((api: ApiClient) =>
  batchById(async (ids) => {
    const { votes } = await api.call('votes.mine', { query: { ids: ids.join(',') } });
    return (id): VoteKind | null => votes[id] ?? null;
  }, MAX_VOTE_IDS),
);

/** What to tell the person after a failed vote, and whether signing in would help. */
export type VoteMessage = { text: string; signIn: boolean };

/** A live `post.updated`: the counts the cards show for that post. */
export function writeLiveVotes(client: QueryClient, postId: string, votes: PostVotes): void {
  client.setQueryData(queryKeys.voteCounts(postId), votes);
}

/** `counts` after `mine` was changed to `next` (null: taken back). */
function moved(counts: PostVotes, mine: VoteKind | null | undefined, next: VoteKind | null): PostVotes {
  const result = { ...counts };
  if (mine) result[mine] = Math.max(0, result[mine] - 1);
  if (next) result[next] += 1;
  return result;
}

type Press = { kind: VoteKind; take: 'cast' | 'remove' };

/**
 * One card's votes: its counts (the post's own, or newer ones the cache holds: a vote just cast, a live
 * `post.updated`), the reader's vote (a query per post, fetched in one batch per page), and `press`,
 * a mutation that moves the count and the pressed state at once and puts them back if the API refuses.
 */
export function usePostVotes(post: Post) {
  const api = useApi();
  const client = useQueryClient();
  const who = useSession();
  const countsKey = queryKeys.voteCounts(post.id);
  const mineKey = queryKeys.myVote(who ?? '', post.id);
  const counts = useQuery<PostVotes>({ queryKey: countsKey, queryFn: skipToken, staleTime: Infinity }).data ?? post.votes;
  const mine = useQuery({
    queryKey: mineKey,
    queryFn: () => myVoteOf(api)(post.id),
    enabled: typeof who === 'string',
  }).data;

  // Counts the card was given afresh (its list read again) are newer than any the cache holds for it.
  const { agree, deserved } = post.votes;
  const given = useRef(post.votes);
  useEffect(() => {
    if (given.current.agree === agree && given.current.deserved === deserved) return;
    given.current = { agree, deserved };
    const key = queryKeys.voteCounts(post.id);
    if (client.getQueryData(key) !== undefined) client.setQueryData(key, { agree, deserved });
  }, [client, post.id, agree, deserved]);

  const mutation = useMutation({
    mutationFn: ({ kind, take }: Press) =>
      take === 'remove'
        ? api.call('votes.remove', { params: { id: post.id } })
        : api.call('votes.cast', { params: { id: post.id }, body: { vote: kind } }),
    onMutate: async ({ kind, take }: Press) => {
      await client.cancelQueries({ queryKey: mineKey, exact: true });
      const before = {
        mine: client.getQueryData<VoteKind | null>(mineKey),
        counts: client.getQueryData<PostVotes>(countsKey) ?? post.votes,
      };
      const next = take === 'remove' ? null : kind;
      client.setQueryData(countsKey, moved(before.counts, before.mine, next));
      client.setQueryData(mineKey, next);
      return before;
    },
    onError: (_error, _press, before) => {
      if (!before) return;
      client.setQueryData(countsKey, before.counts);
      if (before.mine === undefined) void client.invalidateQueries({ queryKey: mineKey, exact: true });
      else client.setQueryData(mineKey, before.mine);
    },
    onSettled: (result) => {
      // The API's answer is the truth: its counts include votes cast meanwhile by others.
      if (!result) return;
      client.setQueryData(countsKey, result.votes);
      client.setQueryData(mineKey, result.myVote);
    },
  });

  return {
    counts,
    /** Undefined until `GET /me/votes` said, null for none. */
    mine,
    /** Whether who is signed in is known (before that nobody can vote: a tap is kept, lib/taps.ts). */
    ready: who !== undefined,
    signedIn: typeof who === 'string',
    busy: mutation.isPending,
    /**
     * Presses `kind`, or takes it back when it is the reader's vote already. `onlyAdd`: a tap kept before
     * the page could show the vote means "I want to have voted this": cast, never taken back (before
     * `GET /me/votes` has said, the same vote again changes nothing on the API). Says what went wrong
     * through `onRefused`, in Spanish.
     */
    press(kind: VoteKind, onlyAdd: boolean, onRefused: (message: VoteMessage, own: boolean) => void): void {
      if (mutation.isPending) return;
      if (onlyAdd && mine === kind) return;
      const take = mine === kind && !onlyAdd ? 'remove' : 'cast';
      mutation.mutate(
        { kind, take },
        {
          onError: (error) => {
            if (error instanceof ApiError && error.code === 'OWN_POST') {
              onRefused({ text: 'Es tu anécdota: la votan los demás.', signIn: false }, true);
            } else if (error instanceof ApiError && error.code === 'UNAUTHORIZED') {
              onRefused({ text: 'Tu sesión ha caducado. Inicia sesión para votar.', signIn: true }, false);
            } else {
              onRefused({ text: errorMessage(error), signIn: false }, false);
            }
          },
        },
      );
    },
  };
}
