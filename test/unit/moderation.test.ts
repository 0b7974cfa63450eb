import { beforeEach, describe, expect, it } from 'vitest';
import { MODERATION_MARGIN, REPORTS_TO_HIDE } from '../../functions/contract/moderation';
import { canMove, decisionTarget, rejectionOf, statusForScore } from '../../functions/domain/lifecycle';
import {
  QUEUE_BATCH,
  QUEUE_DEEP_BATCH,
  decideOnPost,
  listReported,
  nextForModeration,
  reportPost,
  skipPost,
  voteOnPost,
  type ModerationDeps,
} from '../../functions/domain/moderation';
import { deletePost, publishPost, readFeed, readOwnPosts, readPost } from '../../functions/domain/posts';
import type { StoredPost } from '../../functions/domain/ports/posts';
import { caller, storedPost } from './factories';
import { MemoryNameStore, MemoryStore, signedIn, unlimited } from './memoryStore';

let store: MemoryStore;
let deps: ModerationDeps & { names: MemoryNameStore };

beforeEach(() => {
  store = new MemoryStore();
  deps = { posts: store, moderation: store, names: new MemoryNameStore() };
});

async function stored(overrides: Partial<StoredPost> = {}): Promise<StoredPost> {
  const post = storedPost(overrides);
  await store.insert(post);
  return post;
}

const code = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (error: { code?: string; message?: string }) => error.code ?? `unexpected: ${error.message}`,
  );

describe('the lifecycle rules', () => {
  it('moves only along the documented transitions', () => {
    expect(canMove('pending', 'published')).toBe(true);
    expect(canMove('pending', 'rejected')).toBe(true);
    expect(canMove('published', 'hidden')).toBe(true);
    expect(canMove('published', 'removed')).toBe(true);
    expect(canMove('hidden', 'published')).toBe(true);
    expect(canMove('hidden', 'removed')).toBe(true);
    expect(canMove('rejected', 'published')).toBe(false);
    expect(canMove('published', 'pending')).toBe(false);
    expect(canMove('removed', 'published')).toBe(false);
  });

  it(`decides at a net margin of ${MODERATION_MARGIN}`, () => {
    expect(statusForScore(MODERATION_MARGIN)).toBe('published');
    expect(statusForScore(MODERATION_MARGIN - 1)).toBe('pending');
    expect(statusForScore(-MODERATION_MARGIN + 1)).toBe('pending');
    expect(statusForScore(-MODERATION_MARGIN)).toBe('rejected');
  });

  it('maps a moderator decision: reject on a hidden post removes it; nothing to decide on others', () => {
    expect(decisionTarget('pending', 'publish')).toBe('published');
    expect(decisionTarget('pending', 'reject')).toBe('rejected');
    expect(decisionTarget('hidden', 'publish')).toBe('published');
    expect(decisionTarget('hidden', 'reject')).toBe('removed');
    for (const status of ['published', 'rejected', 'removed'] as const) expect(decisionTarget(status, 'publish')).toBeUndefined();
  });
});

describe('publishing goes through moderation', () => {
  it('stores a new post as pending, out of the feed and the permalink, and returns it as OwnPost', async () => {
    const author = caller();
    const names = new MemoryNameStore();
    await names.claim(author.id, { name: 'Rocío', key: 'rocio' }, { name: undefined, version: 0 });
    const own = await publishPost({ posts: store, rateLimiter: unlimited }, await signedIn(names, author), {
      category: 'amor',
      post: 'Hola',
    });
    expect(own).toMatchObject({ status: 'pending', publishedAt: null, name: 'Rocío', votes: { agree: 0, deserved: 0 }, comments: 0 });
    expect((await readFeed(deps, {})).items).toEqual([]);
    expect(await code(readPost(deps, own.id))).toBe('POST_NOT_FOUND');
    expect((await readOwnPosts(deps, author, {})).items).toEqual([own]);
  });
});

describe('community votes', () => {
  it(`publishes a post at net +${MODERATION_MARGIN}, sets publishedAt then, and puts it in the feed`, async () => {
    const post = await stored();
    const results = [];
    for (let i = 0; i < MODERATION_MARGIN; i++) results.push(await voteOnPost(deps, caller(), post.id, { vote: 'publish' }));
    expect(results.map((r) => r.status)).toEqual([...Array(MODERATION_MARGIN - 1).fill('pending'), 'published']);
    const feed = await readFeed(deps, {});
    expect(feed.items.map((p) => p.id)).toEqual([post.id]);
    expect(feed.items[0]?.publishedAt).not.toBe(post.createdAt);
    expect(store.posts.get(post.id)?.moderation).toEqual({ score: MODERATION_MARGIN, votes: MODERATION_MARGIN });
  });

  it(`rejects a post at net −${MODERATION_MARGIN}, counting publishes against rejects`, async () => {
    const post = await stored();
    const votes = ['publish', 'reject', 'reject', 'reject', 'publish', 'reject', 'reject'] as const;
    const statuses = [];
    for (const vote of votes) statuses.push((await voteOnPost(deps, caller(), post.id, { vote })).status);
    expect(statuses.at(-1)).toBe('rejected');
    expect(statuses.slice(0, -1).every((status) => status === 'pending')).toBe(true);
    expect(store.posts.get(post.id)?.moderation).toEqual({ score: -3, votes: 7 });
  });

  it('refuses the author (OWN_POST), a second vote (ALREADY_VOTED), a decided or unknown post (POST_NOT_FOUND) and a bad body', async () => {
    const author = caller();
    const post = await stored({ authorId: author.id });
    const voter = caller();
    expect(await code(voteOnPost(deps, author, post.id, { vote: 'publish' }))).toBe('OWN_POST');
    expect(await code(voteOnPost(deps, voter, post.id, { vote: 'publish' }))).toBe('ok');
    expect(await code(voteOnPost(deps, voter, post.id, { vote: 'reject' }))).toBe('ALREADY_VOTED');
    expect(await code(voteOnPost(deps, caller(), '00000000-0000-4000-8000-000000000000', { vote: 'publish' }))).toBe('POST_NOT_FOUND');
    expect(await code(voteOnPost(deps, caller(), 'not-a-uuid', { vote: 'publish' }))).toBe('POST_NOT_FOUND');
    const published = await stored({ status: 'published' });
    expect(await code(voteOnPost(deps, caller(), published.id, { vote: 'publish' }))).toBe('POST_NOT_FOUND');
    for (const body of [{}, { vote: 'maybe' }, { vote: 1 }, null, 'publish', [], { vote: ['publish'] }]) {
      expect(await code(voteOnPost(deps, caller(), post.id, body))).toBe('INVALID_REQUEST');
    }
    expect(store.posts.get(post.id)?.moderation).toEqual({ score: 1, votes: 1 });
  });

  it('settles twenty simultaneous voters to exactly one decision, with a tally equal to the votes stored', async () => {
    const post = await stored();
    const voters = Array.from({ length: 20 }, () => caller());
    const outcomes = await Promise.all(
      voters.map((voter, i) =>
        voteOnPost(deps, voter, post.id, { vote: i % 4 === 3 ? 'reject' : 'publish' }).then(
          (r) => r.status,
          (e: { code: string }) => e.code,
        ),
      ),
    );
    expect(store.changes.filter((change) => change.id === post.id)).toHaveLength(1);
    const final = store.posts.get(post.id)!;
    expect(['published', 'rejected']).toContain(final.status);
    const rows = [...store.rows.values()].filter((row) => row.kind === 'vote' && row.postId === post.id);
    expect(final.moderation.votes).toBe(rows.length);
    expect(final.moderation.score).toBe(rows.reduce((sum, row) => sum + (row.value === 'publish' ? 1 : -1), 0));
    expect(outcomes.filter((o) => o === final.status)).toHaveLength(1);
    expect(outcomes.filter((o) => o !== 'POST_NOT_FOUND')).toHaveLength(rows.length);
  });
});

describe('the moderation queue', () => {
  it('offers the oldest pending post that is not the caller’s and not voted by them, without its author', async () => {
    const me = caller();
    const mine = await stored({ authorId: me.id });
    const voted = await stored();
    const next = await stored();
    await stored({ status: 'published' });
    await voteOnPost(deps, me, voted.id, { vote: 'publish' });
    const offered = await nextForModeration(deps, me);
    expect(offered).toEqual({ id: next.id, category: next.category, post: next.post, createdAt: next.createdAt });
    expect(offered).not.toHaveProperty('name');
    expect(mine.id).not.toBe(offered.id);
  });

  it('answers QUEUE_EMPTY when nothing is left for the caller', async () => {
    const me = caller();
    await stored({ authorId: me.id });
    expect(await code(nextForModeration(deps, me))).toBe('QUEUE_EMPTY');
  });

  it('reads past every post the caller passed on, in batches that grow after the first', async () => {
    const me = caller();
    const passed = QUEUE_BATCH + QUEUE_DEEP_BATCH + 5;
    for (let i = 0; i < passed; i++) await skipPost(deps, me, (await stored()).id);
    const waiting = await stored();
    const limits: number[] = [];
    const counting = Object.create(store) as MemoryStore;
    counting.pendingQueue = (query) => {
      limits.push(query.limit);
      return store.pendingQueue(query);
    };
    expect((await nextForModeration({ posts: counting, moderation: store }, me)).id).toBe(waiting.id);
    expect(limits).toEqual([QUEUE_BATCH, QUEUE_DEEP_BATCH, QUEUE_DEEP_BATCH]);
    await skipPost(deps, me, waiting.id);
    expect(await code(nextForModeration(deps, me))).toBe('QUEUE_EMPTY');
  });
});

describe('moderators', () => {
  const moderator = caller({ moderator: true });

  it('publish or reject a pending post at once', async () => {
    const a = await stored();
    const b = await stored();
    expect(await decideOnPost(deps, await signedIn(deps.names, moderator), a.id, { decision: 'publish' })).toEqual({ status: 'published' });
    expect(await decideOnPost(deps, await signedIn(deps.names, moderator), b.id, { decision: 'reject' })).toEqual({ status: 'rejected' });
    expect(await code(decideOnPost(deps, await signedIn(deps.names, moderator), b.id, { decision: 'publish' }))).toBe('POST_NOT_FOUND');
  });

  it('restore a hidden post to its place (same publishedAt, reports cleared) or remove it', async () => {
    const hidden = await stored({ status: 'hidden', publishedAt: '2026-01-01T00:00:00.000Z', reports: REPORTS_TO_HIDE });
    expect(await decideOnPost(deps, await signedIn(deps.names, moderator), hidden.id, { decision: 'publish' })).toEqual({
      status: 'published',
    });
    expect(store.posts.get(hidden.id)).toMatchObject({ publishedAt: '2026-01-01T00:00:00.000Z', reports: 0 });
    const other = await stored({ status: 'hidden', publishedAt: '2026-01-01T00:00:00.000Z' });
    expect(await decideOnPost(deps, await signedIn(deps.names, moderator), other.id, { decision: 'reject' })).toEqual({
      status: 'removed',
    });
  });

  it('are the only ones who may decide or list what was reported (FORBIDDEN), whatever the input', async () => {
    const post = await stored();
    expect(await code(decideOnPost(deps, await signedIn(deps.names, caller()), post.id, { decision: 'publish' }))).toBe('FORBIDDEN');
    expect(await code(decideOnPost(deps, await signedIn(deps.names, caller()), 'x', 'garbage'))).toBe('FORBIDDEN');
    expect(await code(listReported({ ...deps, comments: noHiddenComments }, caller()))).toBe('FORBIDDEN');
    expect(await code(decideOnPost(deps, await signedIn(deps.names, moderator), post.id, { decision: 'later' }))).toBe('INVALID_REQUEST');
    expect(store.posts.get(post.id)?.status).toBe('pending');
  });
});

/** The comments side of the reported queue, empty here (comments are tested against DynamoDB Local). */
const noHiddenComments = { hidden: () => Promise.resolve([]) };

describe('reports', () => {
  it(`hide a published post at the ${REPORTS_TO_HIDE}rd distinct reporter, listing it for moderators`, async () => {
    const post = await stored({ status: 'published' });
    for (let i = 0; i < REPORTS_TO_HIDE; i++) {
      expect(store.posts.get(post.id)?.status).toBe('published');
      await reportPost(deps, caller(), post.id, { reason: 'spam' });
    }
    expect(store.posts.get(post.id)?.status).toBe('hidden');
    expect((await readFeed(deps, {})).items).toEqual([]);
    const reported = await listReported({ ...deps, comments: noHiddenComments }, caller({ moderator: true }));
    expect(reported.posts.map((p) => [p.id, p.status])).toEqual([[post.id, 'hidden']]);
    expect(reported.comments).toEqual([]);
  });

  it('count one report per user (ALREADY_REPORTED) and only on published posts', async () => {
    const post = await stored({ status: 'published' });
    const reporter = caller();
    await reportPost(deps, reporter, post.id, { reason: 'ofensivo' });
    expect(await code(reportPost(deps, reporter, post.id, { reason: 'otro' }))).toBe('ALREADY_REPORTED');
    expect(store.posts.get(post.id)?.reports).toBe(1);
    const pending = await stored();
    expect(await code(reportPost(deps, caller(), pending.id, { reason: 'spam' }))).toBe('POST_NOT_FOUND');
    for (const body of [{ reason: 'aburrido' }, {}, { reason: null }])
      expect(await code(reportPost(deps, caller(), post.id, body))).toBe('INVALID_REQUEST');
  });

  it('hide a post exactly once when many report at once', async () => {
    const post = await stored({ status: 'published' });
    await Promise.all(Array.from({ length: 10 }, () => reportPost(deps, caller(), post.id, { reason: 'spam' }).catch(() => undefined)));
    expect(store.changes.filter((change) => change.id === post.id)).toEqual([{ id: post.id, from: 'published', to: 'hidden' }]);
    expect(store.posts.get(post.id)?.reports).toBe([...store.rows.values()].filter((row) => row.postId === post.id).length);
  });
});

describe('deleting', () => {
  it('lets the author delete a post in any status, and a moderator any post; it becomes removed', async () => {
    const author = caller();
    for (const status of ['pending', 'published', 'rejected', 'hidden'] as const) {
      const post = await stored({ authorId: author.id, status });
      await deletePost(deps, await signedIn(deps.names, author, 'kept'), post.id);
      expect(store.posts.get(post.id)?.status).toBe('removed');
    }
    const post = await stored({ status: 'published' });
    await deletePost(deps, await signedIn(deps.names, caller({ moderator: true }), 'kept'), post.id);
    expect(store.posts.get(post.id)?.status).toBe('removed');
    expect(await code(deletePost(deps, await signedIn(deps.names, author, 'kept'), post.id))).toBe('POST_NOT_FOUND');
  });

  it('refuses anyone else: FORBIDDEN for a post they can see, POST_NOT_FOUND for one they cannot', async () => {
    const published = await stored({ status: 'published' });
    const pending = await stored();
    expect(await code(deletePost(deps, await signedIn(deps.names, caller(), 'kept'), published.id))).toBe('FORBIDDEN');
    expect(await code(deletePost(deps, await signedIn(deps.names, caller(), 'kept'), pending.id))).toBe('POST_NOT_FOUND');
    expect(await code(deletePost(deps, await signedIn(deps.names, caller(), 'kept'), 'nope'))).toBe('POST_NOT_FOUND');
    expect(store.posts.get(published.id)?.status).toBe('published');
  });
});

describe('rejectionOf', () => {
  it('is the moderator’s reason, else the most-voted (ties go to the first listed), else «otro»; null unless rejected', () => {
    expect(rejectionOf({ status: 'pending', rejectVotes: { ofensiva: 3 } })).toBeNull();
    expect(rejectionOf({ status: 'rejected', rejectVotes: { ofensiva: 2, 'mal-escrita': 1 } })).toEqual({ reason: 'ofensiva' });
    expect(rejectionOf({ status: 'rejected', rejectVotes: { otro: 1, repetida: 1, 'datos-personales': 1 } })).toEqual({
      reason: 'datos-personales',
    });
    expect(rejectionOf({ status: 'rejected', rejectVotes: { otro: 2, repetida: 1 } })).toEqual({ reason: 'otro' });
    expect(rejectionOf({ status: 'rejected', rejectVotes: { ofensiva: 3 }, rejectedFor: 'repetida' })).toEqual({ reason: 'repetida' });
    expect(rejectionOf({ status: 'rejected' })).toEqual({ reason: 'otro' });
  });
});
