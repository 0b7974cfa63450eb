import { useEffect, useRef } from 'react';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Post, PostVotes } from '@contract/posts';
import type { VoteResult } from '@contract/votes';
import { MAX_VOTE_IDS, type VoteKind } from '@contract/voteRules';
import { ApiError, errorMessage, useApi, type ApiClient } from '../../lib/api';
import { batchById, batcherPer } from '../../lib/batchById';
import { queryKeys } from '../../lib/queries';
import { useSession } from '../../lib/session';
import { forgetTap, intentOf, releaseKeptPress } from '../../lib/taps';
import { useKeptPress } from '../../lib/useKeptPress';
import { moved, showVote, useCachedVote, type Before } from '../../lib/votesShown';

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

/**
 * One card's votes: its counts (the post's own, or newer ones the cache holds: a vote just cast, a live
 * `post.updated`), the reader's vote (a query per post, fetched in one batch per page), and `press`,
 * a mutation that moves the count and the pressed state at once and puts them back if the API refuses.
 *
 * A vote the document's own script showed pressed before the app could act (lib/taps.ts) is shown so
 * (count moved) until the cache holds the reader's vote for the post, then handed back.
 *
 * One request at a time per card: taps on the button just pressed while its vote is on its way are the
 * same wish (ignored: ten impatient taps are one vote); a tap on the other button while it is on its
 * way is shown at once and sent when the first answer is in (the last wish wins, one vote stored).
 */
export function usePostVotes(post: Post) {
  const api = useApi();
  const client = useQueryClient();
  const who = useSession();
  const keys = { counts: queryKeys.voteCounts(post.id), mine: queryKeys.myVote(who ?? '', post.id) };
  const { counts: cachedCounts, mine: cachedMine } = useCachedVote(keys, post.votes, () => myVoteOf(api)(post.id), typeof who === 'string');

  const agreeIntent = intentOf('vote-agree', post.id);
  const keptIntent = useKeptPress(agreeIntent, intentOf('vote-deserved', post.id));
  const kept: VoteKind | null = keptIntent === null ? null : keptIntent === agreeIntent ? 'agree' : 'deserved';
  // Handed back once the cache shows it (cast by the replayed tap, or given already).
  const showKept = kept !== null && cachedMine !== kept;
  useEffect(() => {
    if (keptIntent !== null && !showKept) releaseKeptPress(keptIntent);
  }, [keptIntent, showKept]);
  const mine = showKept ? kept : cachedMine;
  const counts = showKept ? moved(cachedCounts, cachedMine, kept) : cachedCounts;

  // Counts the card was given afresh (its list read again) are newer than any the cache holds for it.
  const { agree, deserved } = post.votes;
  const given = useRef(post.votes);
  useEffect(() => {
    if (given.current.agree === agree && given.current.deserved === deserved) return;
    given.current = { agree, deserved };
    const key = queryKeys.voteCounts(post.id);
    if (client.getQueryData(key) !== undefined) client.setQueryData(key, { agree, deserved });
  }, [client, post.id, agree, deserved]);

  /** The vote the reader wants (null: none), while a request is on its way; undefined when none is. */
  const wanted = useRef<VoteKind | null | undefined>(undefined);
  /** The button pressed last while a request is on its way. */
  const lastPressed = useRef<VoteKind | null>(null);
  /** The API's latest answer within one run of requests (a later one may still fail). */
  const answered = useRef<VoteResult | null>(null);

  const send = (vote: VoteKind | null) =>
    vote === null
      ? api.call('votes.remove', { params: { id: post.id } })
      : api.call('votes.cast', { params: { id: post.id }, body: { vote } });

  const mutation = useMutation({
    // Sends what the reader wants, and again as long as that changed while the last request was out.
    mutationFn: async (_first: VoteKind | null) => {
      answered.current = null;
      let sent = wanted.current ?? null;
      let result = await send(sent);
      answered.current = result;
      while (wanted.current !== undefined && wanted.current !== sent) {
        sent = wanted.current;
        result = await send(sent);
        answered.current = result;
      }
      return result;
    },
    onMutate: (next: VoteKind | null): Promise<Before<VoteKind>> => showVote(client, keys, post.votes, next),
    onError: (_error, _next, before) => {
      const settled = answered.current;
      if (settled) {
        // A first request went through, a later one did not: the API holds the first.
        client.setQueryData(keys.counts, settled.votes);
        client.setQueryData(keys.mine, settled.myVote);
        return;
      }
      if (!before) return;
      client.setQueryData(keys.counts, before.counts);
      // Not known before the press: shown unpressed at once, and asked again.
      client.setQueryData(keys.mine, before.mine ?? null);
      if (before.mine === undefined) void client.invalidateQueries({ queryKey: keys.mine, exact: true });
    },
    onSettled: (result) => {
      wanted.current = undefined;
      lastPressed.current = null;
      answered.current = null;
      // The API's answer is the truth: its counts include votes cast meanwhile by others.
      if (!result) return;
      client.setQueryData(keys.counts, result.votes);
      client.setQueryData(keys.mine, result.myVote);
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
    /** The kept tap and the script's press are dropped: the app will not act on them (signed out, one's own post). */
    forgetKept(): void {
      if (keptIntent !== null) forgetTap(keptIntent);
    },
    /**
     * Presses `kind`, or takes it back when it is the reader's vote already. `onlyAdd`: a tap kept before
     * the page could show the vote means "I want to have voted this": cast, never taken back (before
     * `GET /me/votes` has said, the same vote again changes nothing on the API). Says what went wrong
     * through `onRefused`, in Spanish.
     */
    press(kind: VoteKind, onlyAdd: boolean, onRefused: (message: VoteMessage, own: boolean) => void): void {
      if (wanted.current !== undefined) {
        // On its way already: the same button again is the same wish; the other one is the new wish.
        if (kind === lastPressed.current) return;
        lastPressed.current = kind;
        const shown = client.getQueryData<VoteKind | null>(keys.mine) ?? null;
        client.setQueryData(keys.counts, moved(client.getQueryData<PostVotes>(keys.counts) ?? post.votes, shown, kind));
        client.setQueryData(keys.mine, kind);
        wanted.current = kind;
        return;
      }
      // A tap on a vote the page shows pressed by a kept tap means that vote too.
      const addOnly = onlyAdd || showKept;
      if (addOnly && cachedMine === kind) return;
      const next = cachedMine === kind && !addOnly ? null : kind;
      wanted.current = next;
      lastPressed.current = kind;
      mutation.mutate(next, {
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'OWN_POST') {
            onRefused({ text: 'Es tu anécdota: la votan los demás.', signIn: false }, true);
          } else if (error instanceof ApiError && error.code === 'UNAUTHORIZED') {
            onRefused({ text: 'Tu sesión ha caducado. Inicia sesión para votar.', signIn: true }, false);
          } else {
            onRefused({ text: errorMessage(error), signIn: false }, false);
          }
        },
      });
    },
  };
}
