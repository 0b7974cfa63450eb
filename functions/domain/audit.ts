/**
 * The audit of derived data: each table kept from another (the Top's rank rows, the search index, the
 * posts' and comments' counters, the apodo claims, the rows that point at posts) compared with its
 * source, read whole. Pure comparisons over what the stores read; `npm run audit` (infra/tools/audit.ts)
 * prints them, and its `--repair` runs the repair of each kind found (./auditRepair.ts for the kinds no
 * stream keeps). A write racing the audit can show as drift for a moment (the stream applies it within
 * about a second): drift that persists in a second run is real.
 */
import { TOP_PERIODS } from '../contract/votes';
import { rankRowsFor, sameRows } from './rankings';
import { indexEntriesFor, postIdOfKey, postKeyOf } from './search';
import type { AuditSourceStore, CommentCounters, PostCounters } from './ports/audit';
import type { TopRebuildStore } from './ports/rankings';
import type { IndexKey, SearchIndexReader, SearchRebuildStore } from './ports/search';

/**
 * Every kind of drift, what it means, and the rebuild that clears it (`npm run rebuild -- <target>`,
 * which `npm run audit -- --repair` runs).
 */
export const DRIFT_KINDS = {
  'top.missing': { means: 'a published post without its rank rows (in some period)', rebuild: 'top' },
  'top.wrong': { means: 'a published post whose rank rows do not match its counts or publication time', rebuild: 'top' },
  'top.stale': { means: 'rank rows of a post that is not published', rebuild: 'top' },
  'search.missing': { means: 'a published post not indexed (or missing terms)', rebuild: 'search' },
  'search.stale': { means: 'index entries of a post not published, or of terms it no longer has', rebuild: 'search' },
  'counts.votes': { means: 'a post whose agree/deserved counters differ from its vote rows', rebuild: 'counts' },
  'counts.comments': { means: 'a post whose comments counter differs from its visible comments', rebuild: 'counts' },
  'counts.replies': { means: 'a comment whose replyCount differs from its visible replies', rebuild: 'counts' },
  'counts.commentVotes': { means: 'a comment whose up/down counters differ from its comment vote rows', rebuild: 'counts' },
  'names.claim': { means: 'an apodo claim (not a former apodo) whose account does not hold it', rebuild: 'names' },
  'names.account': { means: 'an account whose apodo has no claim of its own', rebuild: 'names' },
  'saved.target': { means: 'a saved row of a post that does not exist', rebuild: 'targets' },
  'notifications.target': { means: 'a notification of a post that does not exist', rebuild: 'targets' },
} as const satisfies Record<string, { means: string; rebuild: 'top' | 'search' | 'counts' | 'names' | 'targets' }>;

export type DriftKind = keyof typeof DRIFT_KINDS;
export type RebuildTarget = (typeof DRIFT_KINDS)[DriftKind]['rebuild'];

/** How many examples of each kind a report keeps. */
export const EXAMPLES = 5;

/** One kind's drift: how many distinct ids have it, and the first few. */
export type Drift = { count: number; examples: string[] };

export type AuditReport = {
  /** Only the kinds with drift. */
  drift: Partial<Record<DriftKind, Drift>>;
  /** What was read, by name (`published posts`, `index entries`, …). */
  checked: Record<string, number>;
};

/** Collects drift by kind: each id counted once per kind. */
export class Findings {
  private readonly seen = new Map<DriftKind, Set<string>>();
  readonly checked: Record<string, number> = {};

  add(kind: DriftKind, id: string): void {
    let ids = this.seen.get(kind);
    if (!ids) this.seen.set(kind, (ids = new Set()));
    ids.add(id);
  }

  count(what: string, n = 1): void {
    this.checked[what] = (this.checked[what] ?? 0) + n;
  }

  report(): AuditReport {
    const drift: AuditReport['drift'] = {};
    for (const [kind, ids] of this.seen) drift[kind] = { count: ids.size, examples: [...ids].slice(0, EXAMPLES) };
    return { drift, checked: this.checked };
  }
}

/** The Top's rank rows against the published posts' counts. */
export async function auditTop(store: Pick<TopRebuildStore, 'publishedPosts' | 'rowsOf' | 'rankedPostIds'>): Promise<AuditReport> {
  const findings = new Findings();
  const published = new Set<string>();
  for await (const posts of store.publishedPosts()) {
    const rows = await store.rowsOf(posts.map((post) => post.id));
    for (const post of posts) {
      published.add(post.id);
      findings.count('published posts');
      const own = rows.filter((row) => row.postId === post.id);
      if (new Set(own.map((row) => row.period)).size < TOP_PERIODS.length) findings.add('top.missing', post.id);
      else if (!sameRows(rankRowsFor(post), own)) findings.add('top.wrong', post.id);
    }
  }
  for await (const ids of store.rankedPostIds()) {
    findings.count('rank rows', ids.length);
    for (const id of ids) if (!published.has(id)) findings.add('top.stale', id);
  }
  return findings.report();
}

const entryKey = (entry: IndexKey) => `${entry.term}\u0000${entry.postKey}`;

/**
 * The search index against the published posts: every entry must be one of its post's entries now,
 * and every published post must have all of its own.
 */
export async function auditSearch(
  store: Pick<SearchRebuildStore, 'publishedPosts' | 'allEntries'> & Pick<SearchIndexReader, 'posts'>,
): Promise<AuditReport> {
  const findings = new Findings();
  // Per post key, how many of its entries are as they should be: memory of one number per post.
  const sound = new Map<string, number>();
  for await (const entries of store.allEntries()) {
    findings.count('index entries', entries.length);
    const ids = [...new Set(entries.map((entry) => postIdOfKey(entry.postKey)))];
    const wanted = new Set<string>();
    for (let i = 0; i < ids.length; i += 100) {
      const posts = await store.posts(ids.slice(i, i + 100));
      for (const post of posts.values()) for (const entry of indexEntriesFor(post)) wanted.add(entryKey(entry));
    }
    for (const entry of entries) {
      if (wanted.has(entryKey(entry))) sound.set(entry.postKey, (sound.get(entry.postKey) ?? 0) + 1);
      else findings.add('search.stale', postIdOfKey(entry.postKey));
    }
  }
  for await (const posts of store.publishedPosts()) {
    for (const post of posts) {
      findings.count('published posts');
      const key = postKeyOf(post);
      if (key !== undefined && (sound.get(key) ?? 0) < indexEntriesFor(post).length) findings.add('search.missing', post.id);
    }
  }
  return findings.report();
}

/** The counters as stored, read first, and the rows they count, read after them. */
export type CountsRead = {
  posts: Map<string, PostCounters>;
  comments: Map<string, CommentCounters>;
  votes: Map<string, { agree: number; deserved: number }>;
  /** Visible comments by post. */
  visible: Map<string, number>;
  /** Visible replies by top-level comment. */
  replies: Map<string, number>;
  commentVotes: Map<string, { up: number; down: number }>;
};

/**
 * Reads every counter, then every row they count. The order matters to the repair: a live write
 * changes a row and its counter in one transaction, so one that lands between the two reads leaves
 * the counter read different from the counter stored, and the repair's condition (the counter as
 * read) refuses to write over it.
 */
export async function readCounts(store: AuditSourceStore, findings?: Findings): Promise<CountsRead> {
  const read: CountsRead = {
    posts: new Map(),
    comments: new Map(),
    votes: new Map(),
    visible: new Map(),
    replies: new Map(),
    commentVotes: new Map(),
  };
  for await (const posts of store.postCounters()) for (const post of posts) read.posts.set(post.id, post);
  for await (const comments of store.commentCounters()) for (const comment of comments) read.comments.set(comment.id, comment);
  findings?.count('posts', read.posts.size);
  findings?.count('comments', read.comments.size);

  for await (const rows of store.voteRows()) {
    findings?.count('vote rows', rows.length);
    for (const { postId, vote } of rows) {
      const tally = read.votes.get(postId) ?? { agree: 0, deserved: 0 };
      if (vote === 'agree' || vote === 'deserved') tally[vote]++;
      read.votes.set(postId, tally);
    }
  }
  for await (const rows of store.visibleComments()) {
    findings?.count('visible comments', rows.length);
    for (const { postId, parentId } of rows) {
      read.visible.set(postId, (read.visible.get(postId) ?? 0) + 1);
      if (parentId !== undefined) read.replies.set(parentId, (read.replies.get(parentId) ?? 0) + 1);
    }
  }
  for await (const rows of store.commentVoteRows()) {
    findings?.count('comment vote rows', rows.length);
    for (const { commentId, vote } of rows) {
      const tally = read.commentVotes.get(commentId) ?? { up: 0, down: 0 };
      if (vote === 'up' || vote === 'down') tally[vote]++;
      read.commentVotes.set(commentId, tally);
    }
  }
  return read;
}

/** A counter that differs from its rows: what was read of it, and what its rows say. */
export type CountDrift =
  | { kind: 'counts.votes'; post: PostCounters; rows: { agree: number; deserved: number } }
  | { kind: 'counts.comments'; post: PostCounters; rows: number }
  | { kind: 'counts.replies'; comment: CommentCounters; rows: number }
  | { kind: 'counts.commentVotes'; comment: CommentCounters; rows: { up: number; down: number } }
  /** Rows of a post or comment that does not exist: no counter to set. */
  | { kind: 'counts.votes' | 'counts.comments' | 'counts.replies' | 'counts.commentVotes'; orphan: string };

/** Every counter that differs from its rows, and every row counted for something that does not exist. */
export function countDrift(read: CountsRead): CountDrift[] {
  const drift: CountDrift[] = [];
  for (const post of read.posts.values()) {
    const votes = read.votes.get(post.id) ?? { agree: 0, deserved: 0 };
    if (votes.agree !== post.agree || votes.deserved !== post.deserved) drift.push({ kind: 'counts.votes', post, rows: votes });
    const visible = read.visible.get(post.id) ?? 0;
    if (visible !== post.comments) drift.push({ kind: 'counts.comments', post, rows: visible });
  }
  for (const comment of read.comments.values()) {
    const replies = read.replies.get(comment.id) ?? 0;
    if (replies !== comment.replyCount) drift.push({ kind: 'counts.replies', comment, rows: replies });
    const votes = read.commentVotes.get(comment.id) ?? { up: 0, down: 0 };
    if (votes.up !== comment.up || votes.down !== comment.down) drift.push({ kind: 'counts.commentVotes', comment, rows: votes });
  }
  // Rows of posts or comments that do not exist: their counters cannot be right either.
  for (const id of read.votes.keys()) if (!read.posts.has(id)) drift.push({ kind: 'counts.votes', orphan: id });
  for (const id of read.visible.keys()) if (!read.posts.has(id)) drift.push({ kind: 'counts.comments', orphan: id });
  for (const id of read.replies.keys()) if (!read.comments.has(id)) drift.push({ kind: 'counts.replies', orphan: id });
  for (const id of read.commentVotes.keys()) if (!read.comments.has(id)) drift.push({ kind: 'counts.commentVotes', orphan: id });
  return drift;
}

/** The id a count drift is reported by: the post's or comment's. */
export const countDriftId = (drift: CountDrift): string =>
  'orphan' in drift ? drift.orphan : 'post' in drift ? drift.post.id : drift.comment.id;

/** An apodo claim as the audit reads the names table. */
type Claim = { userId: string; former: boolean };

/** The names table's rows as claims by apodo and apodos by account (not deleted). */
export async function readNames(
  store: Pick<AuditSourceStore, 'nameRows'>,
): Promise<{ claims: Map<string, Claim>; accounts: Map<string, string> }> {
  const claims = new Map<string, Claim>();
  const accounts = new Map<string, string>();
  for await (const rows of store.nameRows()) {
    for (const row of rows) {
      if (row.kind === 'name') claims.set(row.nameKey, { userId: row.userId, former: row.former });
      else if (!row.deleted && row.nameKey !== undefined) accounts.set(row.userId, row.nameKey);
    }
  }
  return { claims, accounts };
}

/** A current claim (not a former apodo) whose account does not hold it. */
export const claimDrifts = (claim: Claim, nameKey: string, accounts: Map<string, string>): boolean =>
  !claim.former && accounts.get(claim.userId) !== nameKey;

/** An account whose apodo has no current claim of its own. */
export const accountDrifts = (userId: string, nameKey: string, claims: Map<string, Claim>): boolean => {
  const claim = claims.get(nameKey);
  return !claim || claim.former || claim.userId !== userId;
};

/**
 * The posts' and comments' counters against their vote, comment and reply rows, the apodo claims
 * against the accounts, and the saved rows and notifications against the posts they point at.
 */
export async function auditSources(store: AuditSourceStore): Promise<AuditReport> {
  const findings = new Findings();
  const counts = await readCounts(store, findings);
  for (const drift of countDrift(counts)) findings.add(drift.kind, countDriftId(drift));

  const { claims, accounts } = await readNames(store);
  findings.count('apodo claims', claims.size);
  findings.count('accounts with an apodo', accounts.size);
  for (const [nameKey, claim] of claims) if (claimDrifts(claim, nameKey, accounts)) findings.add('names.claim', nameKey);
  for (const [userId, nameKey] of accounts) if (accountDrifts(userId, nameKey, claims)) findings.add('names.account', userId);

  for await (const rows of store.savedRows()) {
    findings.count('saved rows', rows.length);
    for (const { userId, postId } of rows) if (!counts.posts.has(postId)) findings.add('saved.target', `${userId}/${postId}`);
  }
  for await (const rows of store.notificationRows()) {
    findings.count('notifications', rows.length);
    for (const { accountId, key, postId } of rows)
      if (!counts.posts.has(postId)) findings.add('notifications.target', `${accountId}/${key}`);
  }
  return findings.report();
}
/** Several reports as one (their kinds are disjoint; `checked` names are prefixed by each part). */
export function mergeReports(parts: Record<string, AuditReport>): AuditReport {
  const merged: AuditReport = { drift: {}, checked: {} };
  for (const [part, report] of Object.entries(parts)) {
    Object.assign(merged.drift, report.drift);
    for (const [what, n] of Object.entries(report.checked)) merged.checked[`${part}: ${what}`] = n;
  }
  return merged;
}

/**
 * The order the rebuilds run in: the counters first, since the Top's rank rows are made from them
 * (and a post whose counters were set needs its rows again at once, not a second later from the stream).
 */
const REBUILD_ORDER: readonly RebuildTarget[] = ['counts', 'names', 'targets', 'top', 'search'];

/** The rebuilds that clear a report's drift, each once, in the order they must run. */
export function repairsFor(report: AuditReport): RebuildTarget[] {
  const needed = new Set((Object.keys(report.drift) as DriftKind[]).map((kind): RebuildTarget => DRIFT_KINDS[kind].rebuild));
  if (needed.has('counts')) needed.add('top');
  return REBUILD_ORDER.filter((target) => needed.has(target));
}

/** Every part of the audit, one after the other, as one report. */
export async function auditDerivedData(stores: {
  top: Pick<TopRebuildStore, 'publishedPosts' | 'rowsOf' | 'rankedPostIds'>;
  search: Pick<SearchRebuildStore, 'publishedPosts' | 'allEntries'> & Pick<SearchIndexReader, 'posts'>;
  sources: AuditSourceStore;
}): Promise<AuditReport> {
  return mergeReports({
    top: await auditTop(stores.top),
    search: await auditSearch(stores.search),
    sources: await auditSources(stores.sources),
  });
}
