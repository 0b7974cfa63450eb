import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Comment, CommentVotes } from '@contract/comments';
import { isBuried, type CommentVoteKind, MAX_VOTE_IDS } from '@contract/voteRules';
import { errorMessage, useApi, type ApiClient } from '../../lib/api';
import { batchById, batcherPer } from '../../lib/batchById';
import { queryKeys } from '../../lib/queries';
import { useSession } from '../../lib/session';
import { showVote, useCachedVote, type Before } from '../../lib/votesShown';

/** The signed-in reader's vote on one comment: one `GET /me/comment-votes` for every comment that asks in the same tick. */
const myVoteOf = batcherPer((api: ApiClient) =>
  batchById(async (ids) => {
    const { votes } = await api.call('comments.myVotes', { query: { ids: ids.join(',') } });
    return (id): CommentVoteKind | null => votes[id] ?? null;
  }, MAX_VOTE_IDS),
);

/** A live `comment.updated`: the counts the comment shows. */
export function writeLiveCommentVotes(client: QueryClient, commentId: string, votes: CommentVotes): void {
  client.setQueryData(queryKeys.commentVoteCounts(commentId), votes);
}

/**
 * One comment's «+1 / −1»: its counts (the comment's own, or newer ones the cache holds: a vote just
 * cast, a live `comment.updated`), whether they fold it, the reader's vote (fetched in one batch per
 * page), and `press`: a mutation that moves the count and the pressed state at once and puts them
 * back, with a Spanish message, if the API refuses. Pressing the pressed button takes the vote back.
 */
export function useCommentVotes(comment: Comment, signedIn: boolean) {
  const api = useApi();
  const client = useQueryClient();
  const who = useSession();
  const keys = { counts: queryKeys.commentVoteCounts(comment.id), mine: queryKeys.myCommentVote(who ?? '', comment.id) };
  const { counts, mine } = useCachedVote(keys, comment.votes, () => myVoteOf(api)(comment.id), signedIn && typeof who === 'string');
  const [error, setError] = useState<string | null>(null);

  const mutation = useMutation({
    mutationFn: (next: CommentVoteKind | null) =>
      next === null
        ? api.call('comments.unvote', { params: { id: comment.id } })
        : api.call('comments.vote', { params: { id: comment.id }, body: { vote: next } }),
    onMutate: (next): Promise<Before<CommentVoteKind>> => {
      setError(null);
      return showVote(client, keys, comment.votes, next);
    },
    onError: (failure, _next, before) => {
      if (before) {
        client.setQueryData(keys.counts, before.counts);
        client.setQueryData(keys.mine, before.mine ?? null);
      }
      setError(`No se ha guardado tu voto: ${errorMessage(failure)}`);
    },
    onSuccess: (result) => {
      client.setQueryData(keys.counts, result.votes);
      client.setQueryData(keys.mine, result.myVote);
    },
  });

  const press = (kind: CommentVoteKind) => {
    if (mutation.isPending) return;
    mutation.mutate(mine === kind ? null : kind);
  };
  return { counts, mine: mine ?? null, collapsed: isBuried(counts), press, error };
}
