import { skipToken, useQuery, type QueryClient, type QueryKey } from '@tanstack/react-query';

/** A post's or a comment's vote counts, one per kind of vote. */
type Counts<K extends string> = Record<K, number>;

/** `counts` after `mine` was changed to `next` (null: taken back). */
export function moved<K extends string>(counts: Counts<K>, mine: K | null | undefined, next: K | null): Counts<K> {
  const result = { ...counts };
  if (mine) result[mine] = Math.max(0, result[mine] - 1);
  if (next) result[next] += 1;
  return result;
}

/** Where the cache holds one post's or comment's counts and the reader's vote on it. */
export type VoteKeys = { counts: QueryKey; mine: QueryKey };

/**
 * One post's or comment's votes as the cache holds them: the counts (newer ones than `given`: a vote
 * just cast, a live update; else `given`) and the reader's vote (undefined until `readMine` answered,
 * which it is asked only when `enabled`; null for none).
 */
export function useCachedVote<K extends string>(keys: VoteKeys, given: Counts<K>, readMine: () => Promise<K | null>, enabled: boolean) {
  const counts = useQuery<Counts<K>>({ queryKey: keys.counts, queryFn: skipToken, staleTime: Infinity }).data ?? given;
  const mine = useQuery({ queryKey: keys.mine, queryFn: readMine, enabled }).data;
  return { counts, mine };
}

/** What the cache showed before a press (put back if the API refuses it). */
export type Before<K extends string> = { mine: K | null | undefined; counts: Counts<K> };

/**
 * Shows the reader's vote as `next` at once, in the cache under `keys` (the counts moved with it;
 * `given` are the counts when the cache holds none), and returns what it showed before.
 */
export async function showVote<K extends string>(
  client: QueryClient,
  keys: VoteKeys,
  given: Counts<K>,
  next: K | null,
): Promise<Before<K>> {
  // A read under way would overwrite what is shown (and cancelling it puts back what it replaced).
  await client.cancelQueries({ queryKey: keys.mine, exact: true });
  const before: Before<K> = {
    mine: client.getQueryData<K | null>(keys.mine),
    counts: client.getQueryData<Counts<K>>(keys.counts) ?? given,
  };
  client.setQueryData(keys.counts, moved(before.counts, before.mine, next));
  client.setQueryData(keys.mine, next);
  return before;
}
