import { describe, expect, it } from 'vitest';
import { feedReducer, initialFeed, mergePosts, type FeedState } from '../../web/src/features/posts/feed';
import { aPost } from './factories';

function loaded(items = [aPost({ minutesAgo: 1 }), aPost({ minutesAgo: 2 })], nextCursor: string | null = 'c1'): FeedState {
  return feedReducer(initialFeed, { type: 'firstPageLoaded', page: { items, nextCursor } });
}

describe('mergePosts', () => {
  it('keeps each post once and orders newest first', () => {
    const a = aPost({ minutesAgo: 3 });
    const b = aPost({ minutesAgo: 1 });
    const c = aPost({ minutesAgo: 2 });
    expect(mergePosts([a, c], [b, a, c, b]).map((p) => p.id)).toEqual([b.id, c.id, a.id]);
  });

  it('returns the same array when nothing is new, so React skips a render', () => {
    const list = [aPost()];
    expect(mergePosts(list, [list[0]!])).toBe(list);
  });
});

describe('feedReducer', () => {
  it('starts loading and shows the first page with its cursor', () => {
    const state = loaded();
    expect(initialFeed.status).toBe('loading');
    expect(state).toMatchObject({ status: 'idle', loaded: true, nextCursor: 'c1' });
    expect(state.items).toHaveLength(2);
  });

  it('appends the next page and takes its cursor, without repeating a post', () => {
    const first = [aPost({ minutesAgo: 1 }), aPost({ minutesAgo: 2 })];
    const older = aPost({ minutesAgo: 5 });
    let state = loaded(first, 'c1');
    state = feedReducer(state, { type: 'moreRequested' });
    expect(state.status).toBe('loadingMore');
    state = feedReducer(state, { type: 'moreLoaded', page: { items: [first[1]!, older], nextCursor: null } });
    expect(state.items.map((p) => p.id)).toEqual([first[0]!.id, first[1]!.id, older.id]);
    expect(state.nextCursor).toBeNull();
  });

  it('puts a live post at the top and ignores it when it arrives again', () => {
    let state = loaded();
    const fresh = aPost({ minutesAgo: 0 });
    state = feedReducer(state, { type: 'livePublished', post: fresh });
    state = feedReducer(state, { type: 'livePublished', post: fresh });
    expect(state.items[0]!.id).toBe(fresh.id);
    expect(state.items.filter((p) => p.id === fresh.id)).toHaveLength(1);
  });

  it('ignores a live post of another category on a category page', () => {
    const state = loaded([aPost({ category: 'amor' })]);
    const next = feedReducer(state, { type: 'livePublished', post: aPost({ minutesAgo: 0, category: 'trabajo' }), category: 'amor' });
    expect(next).toBe(state);
    const amor = feedReducer(state, { type: 'livePublished', post: aPost({ minutesAgo: 0, category: 'amor' }), category: 'amor' });
    expect(amor.items).toHaveLength(2);
  });

  it('keeps a post that arrived live before the first page, once, and the page cursor', () => {
    const live = aPost({ minutesAgo: 0 });
    let state = feedReducer(initialFeed, { type: 'livePublished', post: live });
    state = feedReducer(state, { type: 'firstPageLoaded', page: { items: [live, aPost({ minutesAgo: 1 })], nextCursor: 'c1' } });
    expect(state.items.map((p) => p.id).filter((id) => id === live.id)).toHaveLength(1);
    expect(state.items).toHaveLength(2);
    expect(state.nextCursor).toBe('c1');
  });

  it('merges a first page re-read after a reconnect into what is shown, keeping the paging cursor', () => {
    const first = [aPost({ minutesAgo: 10 }), aPost({ minutesAgo: 11 })];
    let state = loaded(first, 'c1');
    state = feedReducer(state, { type: 'moreLoaded', page: { items: [aPost({ minutesAgo: 20 })], nextCursor: 'c2' } });
    const missed = aPost({ minutesAgo: 5 });
    state = feedReducer(state, { type: 'firstPageLoaded', page: { items: [missed, first[0]!], nextCursor: 'x' } });
    expect(state.items[0]!.id).toBe(missed.id);
    expect(state.items).toHaveLength(4);
    expect(state.nextCursor).toBe('c2');
  });

  it('drops a post that left the feeds, and does not let a later page bring it back', () => {
    const gone = aPost({ minutesAgo: 2 });
    let state = loaded([aPost({ minutesAgo: 1 }), gone], 'c1');
    state = feedReducer(state, { type: 'liveRemoved', id: gone.id });
    expect(state.items.map((p) => p.id)).not.toContain(gone.id);
    state = feedReducer(state, { type: 'moreLoaded', page: { items: [gone, aPost({ minutesAgo: 3 })], nextCursor: null } });
    expect(state.items.map((p) => p.id)).not.toContain(gone.id);
    expect(state.items).toHaveLength(2);
  });

  it('shows a removed post again when a moderator restores it', () => {
    const post = aPost({ minutesAgo: 2 });
    let state = loaded([aPost({ minutesAgo: 1 }), post]);
    state = feedReducer(state, { type: 'liveRemoved', id: post.id });
    state = feedReducer(state, { type: 'livePublished', post });
    expect(state.items.map((p) => p.id)).toContain(post.id);
  });

  it('orders by publishedAt, not by when a post was sent', () => {
    const sentEarlyPublishedLate = aPost({ createdAt: '2025-01-01T00:00:00.000Z', publishedAt: '2025-05-03T12:30:00.000Z' });
    const state = feedReducer(loaded([aPost({ minutesAgo: 1 })]), { type: 'livePublished', post: sentEarlyPublishedLate });
    expect(state.items[0]!.id).toBe(sentEarlyPublishedLate.id);
  });

  it('after a reconnect, drops what vanished within the re-read page, keeping newer and older posts', () => {
    const newest = aPost({ minutesAgo: 1 });
    const vanished = aPost({ minutesAgo: 2 });
    const kept = aPost({ minutesAgo: 3 });
    const older = aPost({ minutesAgo: 10 });
    let state = loaded([newest, vanished, kept, older], 'c1');
    const arrivedDuringRequest = aPost({ minutesAgo: 0 });
    state = feedReducer(state, { type: 'livePublished', post: arrivedDuringRequest });
    state = feedReducer(state, { type: 'firstPageLoaded', page: { items: [newest, kept], nextCursor: 'c9' } });
    expect(state.items.map((p) => p.id)).toEqual([arrivedDuringRequest.id, newest.id, kept.id, older.id]);
  });

  it('restarts from the re-read page when more posts were missed than a page holds (no gap)', () => {
    let state = loaded([aPost({ minutesAgo: 100 })], 'old');
    const page = [aPost({ minutesAgo: 1 }), aPost({ minutesAgo: 2 })];
    state = feedReducer(state, { type: 'firstPageLoaded', page: { items: page, nextCursor: 'new' } });
    expect(state.items.map((p) => p.id)).toEqual(page.map((p) => p.id));
    expect(state.nextCursor).toBe('new');
  });

  it('keeps the posts shown when loading more fails, with the error', () => {
    let state = loaded();
    state = feedReducer(state, { type: 'moreRequested' });
    state = feedReducer(state, { type: 'failed', message: 'sin red' });
    expect(state).toMatchObject({ status: 'error', error: 'sin red', loaded: true });
    expect(state.items).toHaveLength(2);
  });

  it('shows an error when the first page cannot be read, but leaves a loaded list as it is when a re-read fails', () => {
    const failedFirst = feedReducer(initialFeed, { type: 'firstPageFailed', message: 'sin red' });
    expect(failedFirst).toMatchObject({ status: 'error', error: 'sin red', loaded: false });

    const shown = loaded();
    expect(feedReducer(shown, { type: 'firstPageFailed', message: 'sin red' })).toBe(shown);
  });
});
