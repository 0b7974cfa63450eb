/**
 * The audit of derived data: each table kept from another (the Top's rank rows, the search index, the
 * posts' counters, the apodo claims, the rows that point at posts) compared with its source, read
 * whole. Pure comparisons over what the stores read; `npm run audit` (infra/tools/audit.ts) prints
 * them. A write racing the audit can show as drift for a moment (the stream applies it within about a
 * second): drift that persists in a second run is real.
 */
import { TOP_PERIODS } from '../contract/votes';
import { rankRowsFor, sameRows } from './rankings';
import { indexEntriesFor, postIdOfKey, postKeyOf } from './search';
import type { AuditSourceStore } from './ports/audit';
import type { TopRebuildStore } from './ports/rankings';
import type { IndexKey, SearchIndexReader, SearchRebuildStore } from './ports/search';

/** Every kind of drift, what it means, and the rebuild that clears it (when one exists). */
export const DRIFT_KINDS = {
  'top.missing': { means: 'a published post without its rank rows (in some period)', rebuild: 'top' },
  'top.wrong': { means: 'a published post whose rank rows do not match its counts or publication time', rebuild: 'top' },
  'top.stale': { means: 'rank rows of a post that is not published', rebuild: 'top' },
  'search.missing': { means: 'a published post not indexed (or missing terms)', rebuild: 'search' },
  'search.stale': { means: 'index entries of a post not published, or of terms it no longer has', rebuild: 'search' },
  'counts.votes': { means: 'a post whose agree/deserved counters differ from its vote rows', rebuild: undefined },
  'counts.comments': { means: 'a post whose comments counter differs from its visible comments', rebuild: undefined },
  'names.claim': { means: 'an apodo claim (not a former apodo) whose account does not hold it', rebuild: undefined },
  'names.account': { means: 'an account whose apodo has no claim of its own', rebuild: undefined },
  'saved.target': { means: 'a saved row of a post that does not exist', rebuild: undefined },
  'notifications.target': { means: 'a notification of a post that does not exist', rebuild: undefined },
} as const satisfies Record<string, { means: string; rebuild: 'top' | 'search' | undefined }>;

export type DriftKind = keyof typeof DRIFT_KINDS;
export type RebuildTarget = NonNullable<(typeof DRIFT_KINDS)[DriftKind]['rebuild']>;

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
class Findings {
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

/**
 * The posts' counters against their vote and comment rows, the apodo claims against the accounts, and
 * the saved rows and notifications against the posts they point at.
 */
export async function auditSources(store: AuditSourceStore): Promise<AuditReport> {
  const findings = new Findings();
  const counters = new Map<string, { agree: number; deserved: number; comments: number }>();
  for await (const posts of store.postCounters()) {
    for (const post of posts) counters.set(post.id, { agree: post.agree, deserved: post.deserved, comments: post.comments });
  }
  findings.count('posts', counters.size);

  const votes = new Map<string, { agree: number; deserved: number }>();
  for await (const rows of store.voteRows()) {
    findings.count('vote rows', rows.length);
    for (const { postId, vote } of rows) {
      const tally = votes.get(postId) ?? { agree: 0, deserved: 0 };
      if (vote === 'agree' || vote === 'deserved') tally[vote]++;
      votes.set(postId, tally);
    }
  }
  const comments = new Map<string, number>();
  for await (const rows of store.visibleComments()) {
    findings.count('visible comments', rows.length);
    for (const { postId } of rows) comments.set(postId, (comments.get(postId) ?? 0) + 1);
  }
  for (const [id, stored] of counters) {
    const tally = votes.get(id) ?? { agree: 0, deserved: 0 };
    if (tally.agree !== stored.agree || tally.deserved !== stored.deserved) findings.add('counts.votes', id);
    if ((comments.get(id) ?? 0) !== stored.comments) findings.add('counts.comments', id);
  }
  // Rows of posts that do not exist: their counters cannot be right either.
  for (const id of votes.keys()) if (!counters.has(id)) findings.add('counts.votes', id);
  for (const id of comments.keys()) if (!counters.has(id)) findings.add('counts.comments', id);

  const claims = new Map<string, { userId: string; former: boolean }>();
  const accounts = new Map<string, string>();
  for await (const rows of store.nameRows()) {
    for (const row of rows) {
      if (row.kind === 'name') claims.set(row.nameKey, { userId: row.userId, former: row.former });
      else if (!row.deleted && row.nameKey !== undefined) accounts.set(row.userId, row.nameKey);
    }
  }
  findings.count('apodo claims', claims.size);
  findings.count('accounts with an apodo', accounts.size);
  for (const [nameKey, claim] of claims) {
    if (!claim.former && accounts.get(claim.userId) !== nameKey) findings.add('names.claim', nameKey);
  }
  for (const [userId, nameKey] of accounts) {
    const claim = claims.get(nameKey);
    if (!claim || claim.former || claim.userId !== userId) findings.add('names.account', userId);
  }

  for await (const rows of store.savedRows()) {
    findings.count('saved rows', rows.length);
    for (const { userId, postId } of rows) if (!counters.has(postId)) findings.add('saved.target', `${userId}/${postId}`);
  }
  for await (const rows of store.notificationRows()) {
    findings.count('notifications', rows.length);
    for (const { accountId, key, postId } of rows) if (!counters.has(postId)) findings.add('notifications.target', `${accountId}/${key}`);
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

/** The rebuilds that clear a report's drift, and the kinds found that no rebuild clears. */
export function repairsFor(report: AuditReport): { rebuilds: RebuildTarget[]; unrepairable: DriftKind[] } {
  const rebuilds = new Set<RebuildTarget>();
  const unrepairable: DriftKind[] = [];
  for (const kind of Object.keys(report.drift) as DriftKind[]) {
    const rebuild: RebuildTarget | undefined = DRIFT_KINDS[kind].rebuild;
    if (rebuild) rebuilds.add(rebuild);
    else unrepairable.push(kind);
  }
  return { rebuilds: [...rebuilds], unrepairable };
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
