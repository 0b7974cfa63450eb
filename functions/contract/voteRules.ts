/**
 * The votes' kinds, words and limits, apart from their schemas (./votes.ts and ./comments.ts re-export
 * them): the web's first script imports only these, so it carries no zod (web/vite.config.ts checks it).
 */

/** The two votes a reader may give a published post: «¡Vaya día!» (`agree`) and «Te lo mereces» (`deserved`). */
export const VOTE_KINDS = ['agree', 'deserved'] as const;
export type VoteKind = (typeof VOTE_KINDS)[number];
export const VOTE_LABELS: Record<VoteKind, string> = { agree: '¡Vaya día!', deserved: 'Te lo mereces' };

/** Most post ids `GET /me/votes?ids=` takes at once (a page of cards is at most MAX_PAGE_SIZE). */
export const MAX_VOTE_IDS = 100;

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

/** «+1» (`up`) and «−1» (`down`) on a comment. */
export const COMMENT_VOTE_KINDS = ['up', 'down'] as const;
export type CommentVoteKind = (typeof COMMENT_VOTE_KINDS)[number];

/** A comment whose net score (`up − down`) is this or lower shows folded («enterrado por la comunidad»). */
export const BURIED_AT = -5;

/** Whether a comment's counts fold it. */
export function isBuried(votes: { up: number; down: number }): boolean {
  return votes.up - votes.down <= BURIED_AT;
}
