/**
 * In-memory stand-ins for the storage ports, with the same conditions as the DynamoDB adapters
 * (store/dynamodb), so the domain's rules and its retries can be tested without a database. Every
 * call yields to the event loop first, so concurrent use cases interleave as they would over a network.
 */
import { MODERATION_MARGIN, REPORTS_TO_HIDE } from '../../functions/contract/moderation';
import { type PostStatus } from '../../functions/contract/posts';
import { madridDate } from '../../functions/domain/periods';
import type { AccountName, NameAsRead, NameClaim, NameStore, Signature, StoredName } from '../../functions/domain/ports/accounts';
import type { LoggedAction, ModerationStore, ModerationVoteWrite, ReportWrite } from '../../functions/domain/ports/moderation';
import type {
  AuthorPageQuery,
  FingerprintClaim,
  GuardedWrite,
  Page,
  PageQuery,
  PostEdit,
  PostRepository,
  QueueQuery,
  StatusChangeOptions,
  StoredPost,
  RateLimiter,
  SubmissionStore,
} from '../../functions/domain/ports/posts';
import { assertAccountAllows, type RouteKind } from '../../functions/domain/accountState';
import type { Caller, SignedIn } from '../../functions/domain/author';

const voteKey = (postId: string, userId: string, resent = false) => (resent ? `vote#${postId}#r2#${userId}` : `vote#${postId}#${userId}`);
const tick = () => new Promise((resolve) => setImmediate(resolve));
const newestPublishedFirst = (a: StoredPost, b: StoredPost) => ((a.publishedAt ?? '') < (b.publishedAt ?? '') ? 1 : -1);

export class MemoryStore implements PostRepository, SubmissionStore, ModerationStore {
  readonly posts = new Map<string, StoredPost>();
  readonly rows = new Map<string, { kind: 'vote' | 'report'; postId: string; userId: string; value: string }>();
  /** When each post entered its current queue (pending or hidden), for queue order. */
  private readonly queuedAt = new Map<string, string>();
  /** Every status change applied, in order. */
  readonly changes: Array<{ id: string; from: PostStatus; to: PostStatus }> = [];

  async insert(post: StoredPost): Promise<void> {
    await tick();
    if (this.posts.has(post.id)) throw new Error('exists');
    this.posts.set(post.id, structuredClone(post));
    this.queuedAt.set(post.id, post.createdAt);
  }

  /** Text fingerprints' holders (SubmissionStore). */
  readonly fingerprints = new Map<string, string>();

  async holderOf(fingerprint: string): Promise<string | undefined> {
    await tick();
    return this.fingerprints.get(fingerprint);
  }

  async submit(post: StoredPost, claim: FingerprintClaim): Promise<'stored' | 'exists' | 'taken'> {
    await tick();
    if (this.posts.has(post.id)) return 'exists';
    if (this.fingerprints.get(claim.fingerprint) !== claim.holder) return 'taken';
    this.fingerprints.set(claim.fingerprint, post.id);
    this.posts.set(post.id, structuredClone(post));
    this.queuedAt.set(post.id, post.createdAt);
    return 'stored';
  }

  async resend(read: StoredPost, edit: PostEdit, at: Date, claim: FingerprintClaim): Promise<boolean> {
    await tick();
    const post = this.posts.get(read.id);
    if (!post || post.status !== 'rejected' || post.resent || this.fingerprints.get(claim.fingerprint) !== claim.holder) return false;
    this.fingerprints.set(claim.fingerprint, post.id);
    Object.assign(post, edit, { status: 'pending', resent: true, moderation: { score: 0, votes: 0 } });
    delete post.rejectVotes;
    delete post.rejectedFor;
    this.queuedAt.set(post.id, at.toISOString());
    return true;
  }

  async get(id: string): Promise<StoredPost | undefined> {
    await tick();
    const post = this.posts.get(id);
    return post && structuredClone(post);
  }

  async page({ category, limit, afterSortKey }: PageQuery): Promise<Page> {
    await tick();
    const items = [...this.posts.values()]
      .filter((post) => post.status === 'published' && (!category || post.category === category))
      .filter((post) => !afterSortKey || `${post.publishedAt}#${post.id}` < afterSortKey)
      .sort(newestPublishedFirst);
    return { items: items.slice(0, limit).map((post) => structuredClone(post)), hasMore: items.length > limit };
  }

  async random(): Promise<StoredPost | undefined> {
    await tick();
    return [...this.posts.values()].find((post) => post.status === 'published');
  }

  async byAuthor({ authorId, limit, afterKey }: AuthorPageQuery): Promise<Page> {
    await tick();
    const items = [...this.posts.values()]
      .filter((post) => post.authorId === authorId && (!afterKey || `${post.createdAt}#${post.id}` < afterKey))
      .sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1));
    return { items: items.slice(0, limit).map((post) => structuredClone(post)), hasMore: items.length > limit };
  }

  /** Like the Query with a filter: `limit` queue entries are read, then the author's are dropped. */
  async pendingQueue({ excludeAuthorId, limit, after }: QueueQuery): Promise<{ items: StoredPost[]; next?: string }> {
    await tick();
    const queue = this.queue('pending');
    const start = after ? Number(after) : 0;
    const read = queue.slice(start, start + limit);
    return {
      items: read.filter((post) => post.authorId !== excludeAuthorId).map((post) => structuredClone(post)),
      next: start + limit < queue.length ? String(start + limit) : undefined,
    };
  }

  async pendingPage(limit: number, after?: string): Promise<{ items: StoredPost[]; next?: string }> {
    await tick();
    const queue = this.queue('pending');
    const start = after ? Number(after) : 0;
    return {
      items: queue.slice(start, start + limit).map((post) => structuredClone(post)),
      next: start + limit < queue.length ? String(start + limit) : undefined,
    };
  }

  async hidden(limit: number): Promise<StoredPost[]> {
    await tick();
    return this.queue('hidden').slice(0, limit);
  }

  async changeStatus(read: StoredPost, to: PostStatus, at: Date, options: StatusChangeOptions = {}): Promise<boolean> {
    await tick();
    const post = this.posts.get(read.id);
    if (!post || post.status !== read.status) return false;
    this.move(post, to, at);
    if (options.rejectedFor) post.rejectedFor = options.rejectedFor;
    if (options.log) this.log.push(options.log);
    return true;
  }

  /** Moderators' log entries written with their changes. */
  readonly log: LoggedAction[] = [];

  async pendingOf(authorId: string): Promise<{ items: StoredPost[]; next?: string }> {
    await tick();
    return {
      items: [...this.posts.values()]
        .filter((post) => post.authorId === authorId && post.status === 'pending')
        .map((post) => ({ ...post })),
    };
  }

  async setAuthorName(authorId: string, signature: Signature): Promise<number> {
    await tick();
    let changed = 0;
    for (const post of this.posts.values()) {
      if (post.authorId !== authorId || (post.nameVersion ?? -1) >= signature.version) continue;
      post.name = signature.name;
      post.nameVersion = signature.version;
      changed++;
    }
    return changed;
  }

  async passedOn(userId: string, posts: Pick<StoredPost, 'id' | 'resent'>[], now: Date): Promise<Set<string>> {
    await tick();
    const skipped = (id: string) => (this.skips.get(`${id}#${userId}`) ?? 0) > now.getTime();
    return new Set(posts.filter((post) => this.rows.has(voteKey(post.id, userId, post.resent)) || skipped(post.id)).map((post) => post.id));
  }

  /** «Saltar»: `post#user` → until (ms). */
  readonly skips = new Map<string, number>();
  /** Votes by `user#day`. */
  readonly today = new Map<string, number>();

  async recordSkip(userId: string, postId: string, until: Date): Promise<void> {
    await tick();
    this.skips.set(`${postId}#${userId}`, until.getTime());
  }

  async votesOn(userId: string, day: string): Promise<number> {
    await tick();
    return this.today.get(`${userId}#${day}`) ?? 0;
  }

  async recordVote({ post: read, userId, vote, reason, at, outcome }: ModerationVoteWrite): Promise<GuardedWrite> {
    await tick();
    const key = voteKey(read.id, userId, read.resent);
    if (this.rows.has(key)) return 'duplicate';
    const post = this.posts.get(read.id);
    const delta = vote === 'publish' ? 1 : -1;
    if (!post || post.status !== 'pending' || post.resent !== read.resent) return 'conflict';
    if (
      outcome === 'pending' ? Math.abs(post.moderation.score + delta) >= MODERATION_MARGIN : post.moderation.score !== read.moderation.score
    )
      return 'conflict';
    this.rows.set(key, { kind: 'vote', postId: read.id, userId, value: vote });
    const day = `${userId}#${madridDate(at)}`;
    this.today.set(day, (this.today.get(day) ?? 0) + 1);
    post.moderation = { score: post.moderation.score + delta, votes: post.moderation.votes + 1 };
    if (vote === 'reject') {
      const counted = reason ?? 'otro';
      post.rejectVotes = { ...post.rejectVotes, [counted]: (post.rejectVotes?.[counted] ?? 0) + 1 };
    }
    if (outcome !== 'pending') this.move(post, outcome, at);
    return 'recorded';
  }

  async recordReport({ post: read, userId, reason, at, hide }: ReportWrite): Promise<GuardedWrite> {
    await tick();
    const key = `report#${read.id}#${userId}`;
    if (this.rows.has(key)) return 'duplicate';
    const post = this.posts.get(read.id);
    if (!post || post.status !== 'published') return 'conflict';
    if (hide ? post.reports !== read.reports : post.reports + 1 >= REPORTS_TO_HIDE) return 'conflict';
    this.rows.set(key, { kind: 'report', postId: read.id, userId, value: reason });
    post.reports += 1;
    if (hide) this.move(post, 'hidden', at);
    return 'recorded';
  }

  private queue(status: 'pending' | 'hidden'): StoredPost[] {
    return [...this.posts.values()]
      .filter((post) => post.status === status)
      .sort((a, b) => ((this.queuedAt.get(a.id) ?? '') < (this.queuedAt.get(b.id) ?? '') ? -1 : 1));
  }

  private move(post: StoredPost, to: PostStatus, at: Date): void {
    this.changes.push({ id: post.id, from: post.status, to });
    if (to === 'published') {
      post.publishedAt ??= at.toISOString();
      if (post.status === 'hidden') post.reports = 0;
    }
    if (to === 'hidden') this.queuedAt.set(post.id, at.toISOString());
    post.status = to;
  }
}

/** The names table in memory, with the adapter's transaction conditions (all or nothing). */
export class MemoryNameStore implements NameStore {
  /** `name#<key>` → owner and name; `user#<id>` → the account's name, or its deletion mark. */
  readonly rows = new Map<
    string,
    { userId?: string; name?: string; key?: string; deleted?: boolean; version?: number; expiresAt?: number; renames?: string[] }
  >();

  async accountOf(userId: string): Promise<AccountName> {
    await tick();
    const row = this.rows.get(`user#${userId}`);
    return {
      name: row?.key && row.name ? { name: row.name, key: row.key } : undefined,
      deleted: row?.deleted === true,
      version: row?.version ?? 0,
      renames: row?.renames ?? [],
    };
  }

  async claim(userId: string, name: StoredName, read: NameAsRead, _at = new Date(), renames: string[] = []): Promise<NameClaim> {
    await tick();
    const owner = this.rows.get(`name#${name.key}`);
    if (owner && owner.userId !== userId && owner.expiresAt === undefined) return 'taken';
    const account = this.rows.get(`user#${userId}`);
    if (account?.deleted || (account?.version ?? 0) !== read.version) return 'conflict';
    // The old apodo stays the account's former one (the adapter gives it FORMER_NAME_DAYS).
    if (read.name && read.name.key !== name.key)
      this.rows.set(`name#${read.name.key}`, { userId, name: read.name.name, expiresAt: Number.MAX_SAFE_INTEGER });
    this.rows.set(`name#${name.key}`, { userId, name: name.name });
    this.rows.set(`user#${userId}`, { name: name.name, key: name.key, version: read.version + 1, renames });
    return 'claimed';
  }

  async markDeleted(userId: string, read: NameAsRead): Promise<boolean> {
    await tick();
    const account = this.rows.get(`user#${userId}`);
    if ((account?.version ?? 0) !== read.version) return false;
    if (read.name) this.rows.delete(`name#${read.name.key}`);
    this.rows.set(`user#${userId}`, { deleted: true, version: read.version + 1 });
    return true;
  }
}

/** A rate limit whose window is never full: the limit itself, taken in the write's transaction, is tested against the local cloud. */
export const unlimited: RateLimiter = {
  slotFor: async (userId, now) => ({ key: userId, times: [now.getTime()], version: undefined, existed: false, expiresAt: 0 }),
};

/** The caller as the HTTP edge hands it to a use case: its account row read, and its state checked, as the edge does. */
export async function signedIn<T extends Caller>(names: NameStore, who: T, kind: RouteKind = 'write'): Promise<SignedIn<T>> {
  return { ...who, row: await assertAccountAllows({ names }, who, kind, 'current') };
}
