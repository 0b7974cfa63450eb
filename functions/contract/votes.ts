/** The contract of readers' votes on published posts, and of the Top they rank. */
import * as z from 'zod/mini';
import { postPageSchema, postVotesSchema } from './posts';

/** The two votes a reader may give a published post: «¡Vaya día!» (`agree`) and «Te lo mereces» (`deserved`). */
export const VOTE_KINDS = ['agree', 'deserved'] as const;
export type VoteKind = (typeof VOTE_KINDS)[number];
export const VOTE_LABELS: Record<VoteKind, string> = { agree: '¡Vaya día!', deserved: 'Te lo mereces' };

/** `PUT /posts/{id}/vote`: one vote per account and post, replacing the caller's earlier one. */
export const postVoteSchema = z.object({ vote: z.enum(VOTE_KINDS) });

/** What `PUT|DELETE /posts/{id}/vote` answer: the post's counts afterwards and the caller's vote. */
export const voteResultSchema = z.object({ votes: postVotesSchema, myVote: z.nullable(z.enum(VOTE_KINDS)) });
export type VoteResult = z.infer<typeof voteResultSchema>;

/** Most post ids `GET /me/votes?ids=` takes at once (a page of cards is at most MAX_PAGE_SIZE). */
export const MAX_VOTE_IDS = 100;

/** `GET /me/votes?ids=…`: the caller's vote on each of those posts they voted on (others are absent). */
export const myVotesSchema = z.object({ votes: z.record(z.string(), z.enum(VOTE_KINDS)) });
export type MyVotes = z.infer<typeof myVotesSchema>;

/** The Top's periods (calendar periods in TOP_TIME_ZONE: today, this week from Monday, this month, ever) and rankings. */
export const TOP_PERIODS = ['day', 'week', 'month', 'all'] as const;
export type TopPeriod = (typeof TOP_PERIODS)[number];
export const TOP_RANKINGS = VOTE_KINDS;
export type TopRanking = VoteKind;
export const TOP_TIME_ZONE = 'Europe/Madrid';
export const TOP_PERIOD_LABELS: Record<TopPeriod, string> = { day: 'Hoy', week: 'Esta semana', month: 'Este mes', all: 'Siempre' };

/**
 * The period `/top` opens on, and the ones tried after it, in order, when it has no ranked post yet
 * (a week on a new or quiet site): `GET /posts/top` without `period` answers the first with a post.
 */
export const DEFAULT_TOP_PERIODS = ['week', 'month', 'all'] as const satisfies readonly TopPeriod[];

/** `GET /posts/top`: a page of the ranking and the period it is of (the one asked for, or the one chosen). */
export const topPageSchema = z.extend(postPageSchema, { period: z.enum(TOP_PERIODS) });
export type TopPage = z.infer<typeof topPageSchema>;
