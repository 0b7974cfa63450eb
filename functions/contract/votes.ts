/** The contract of readers' votes on published posts, and of the Top they rank. */
import * as z from 'zod/mini';
import { postPageSchema, postVotesSchema } from './posts';
import { VOTE_KINDS, TOP_PERIODS } from './voteRules';
export {
  VOTE_KINDS,
  VOTE_LABELS,
  MAX_VOTE_IDS,
  TOP_PERIODS,
  TOP_RANKINGS,
  TOP_TIME_ZONE,
  TOP_PERIOD_LABELS,
  DEFAULT_TOP_PERIODS,
  type VoteKind,
  type TopPeriod,
  type TopRanking,
} from './voteRules';

/** `PUT /posts/{id}/vote`: one vote per account and post, replacing the caller's earlier one. */
export const postVoteSchema = z.object({ vote: z.enum(VOTE_KINDS) });

/** What `PUT|DELETE /posts/{id}/vote` answer: the post's counts afterwards and the caller's vote. */
export const voteResultSchema = z.object({ votes: postVotesSchema, myVote: z.nullable(z.enum(VOTE_KINDS)) });
export type VoteResult = z.infer<typeof voteResultSchema>;

/** `GET /me/votes?ids=…`: the caller's vote on each of those posts they voted on (others are absent). */
export const myVotesSchema = z.object({ votes: z.record(z.string(), z.enum(VOTE_KINDS)) });
export type MyVotes = z.infer<typeof myVotesSchema>;

/** `GET /posts/top`: a page of the ranking and the period it is of (the one asked for, or the one chosen). */
export const topPageSchema = z.extend(postPageSchema, { period: z.enum(TOP_PERIODS) });
export type TopPage = z.infer<typeof topPageSchema>;
