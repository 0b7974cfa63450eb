import { describe, expect, it } from 'vitest';
import type { Post, PostPage } from '@contract/posts';
import { feedItems, mergePosts, withLivePost, withoutPost, withRereadFirstPage, type FeedPages } from '../../web/src/features/posts/feed';
import { firstPageOnly } from '../../web/src/lib/queries';
import { aPost } from './factories';

const NONE = new Set<string>();
const ids = (posts: Post[]) => posts.map((p) => p.id);

function loaded(items = [aPost({ minutesAgo: 1 }), aPost({ minutesAgo: 2 })], nextCursor: string | null = 'c1'): FeedPages {
  return firstPageOnly({ items, nextCursor });
}

/** The next page appended as the cache does when «Cargar más» reads it. */
function withMore(data: FeedPages, page: PostPage): FeedPages {
  return { pages: [...data.pages, page], pageParams: [...data.pageParams, data.pages.at(-1)!.nextCursor] };
}

const cursorOf = (data: FeedPages) => data.pages.at(-1)!.nextCursor;

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

describe('a feed in the cache', () => {
  it('shows the first page with its cursor', () => {
    const state = loaded();
    expect(feedItems(state, NONE)).toHaveLength(2);
    expect(cursorOf(state)).toBe('c1');
  });

  it('appends the next page and takes its cursor, without repeating a post', () => {
    const first = [aPost({ minutesAgo: 1 }), aPost({ minutesAgo: 2 })];
    const older = aPost({ minutesAgo: 5 });
    const state = withMore(loaded(first, 'c1'), { items: [first[1]!, older], nextCursor: null });
    expect(ids(feedItems(state, NONE))).toEqual([first[0]!.id, first[1]!.id, older.id]);
    expect(cursorOf(state)).toBeNull();
  });

  it('puts a live post at the top and ignores it when it arrives again', () => {
    const fresh = aPost({ minutesAgo: 0 });
    const once = withLivePost(loaded(), fresh);
    const twice = withLivePost(once, fresh);
    expect(twice).toBe(once);
    const items = feedItems(twice, NONE);
    expect(items[0]!.id).toBe(fresh.id);
    expect(items.filter((p) => p.id === fresh.id)).toHaveLength(1);
  });

  it('keeps a post that arrived live before the first page, once, and the page cursor', () => {
    const live = aPost({ minutesAgo: 0 });
    const state = loaded([live, aPost({ minutesAgo: 1 })], 'c1');
    const items = feedItems(state, NONE, [live]);
    expect(ids(items).filter((id) => id === live.id)).toHaveLength(1);
    expect(items).toHaveLength(2);
    expect(cursorOf(state)).toBe('c1');
  });

  it('merges a first page re-read after a reconnect into what is shown, keeping the paging cursor', () => {
    const first = [aPost({ minutesAgo: 10 }), aPost({ minutesAgo: 11 })];
    let state = withMore(loaded(first, 'c1'), { items: [aPost({ minutesAgo: 20 })], nextCursor: 'c2' });
    const missed = aPost({ minutesAgo: 5 });
    state = withRereadFirstPage(state, { items: [missed, first[0]!], nextCursor: 'x' });
    const items = feedItems(state, NONE);
    expect(items[0]!.id).toBe(missed.id);
    expect(items).toHaveLength(4);
    expect(cursorOf(state)).toBe('c2');
  });

  it('drops a post that left the feeds, and does not let a later page bring it back', () => {
    const gone = aPost({ minutesAgo: 2 });
    const removed = new Set<string>();
    let state = loaded([aPost({ minutesAgo: 1 }), gone], 'c1');
    removed.add(gone.id);
    state = withoutPost(state, gone.id);
    expect(ids(feedItems(state, removed))).not.toContain(gone.id);
    state = withMore(state, { items: [gone, aPost({ minutesAgo: 3 })], nextCursor: null });
    expect(ids(feedItems(state, removed))).not.toContain(gone.id);
    expect(feedItems(state, removed)).toHaveLength(2);
  });

  it('shows a removed post again when a moderator restores it', () => {
    const post = aPost({ minutesAgo: 2 });
    const state = withLivePost(withoutPost(loaded([aPost({ minutesAgo: 1 }), post]), post.id), post);
    expect(ids(feedItems(state, NONE))).toContain(post.id);
  });

  it('orders by publishedAt, not by when a post was sent', () => {
    const sentEarlyPublishedLate = aPost({ createdAt: '2025-01-01T00:00:00.000Z', publishedAt: '2025-05-03T12:30:00.000Z' });
    const state = withLivePost(loaded([aPost({ minutesAgo: 1 })]), sentEarlyPublishedLate);
    expect(feedItems(state, NONE)[0]!.id).toBe(sentEarlyPublishedLate.id);
  });

  it('after a reconnect, drops what vanished within the re-read page, keeping newer and older posts', () => {
    const newest = aPost({ minutesAgo: 1 });
    const vanished = aPost({ minutesAgo: 2 });
    const kept = aPost({ minutesAgo: 3 });
    const older = aPost({ minutesAgo: 10 });
    let state = loaded([newest, vanished, kept, older], 'c1');
    const arrivedDuringRequest = aPost({ minutesAgo: 0 });
    state = withLivePost(state, arrivedDuringRequest);
    state = withRereadFirstPage(state, { items: [newest, kept], nextCursor: 'c9' });
    expect(ids(feedItems(state, NONE))).toEqual([arrivedDuringRequest.id, newest.id, kept.id, older.id]);
  });

  it('restarts from the re-read page when more posts were missed than a page holds (no gap)', () => {
    const page = [aPost({ minutesAgo: 1 }), aPost({ minutesAgo: 2 })];
    const state = withRereadFirstPage(loaded([aPost({ minutesAgo: 100 })], 'old'), { items: page, nextCursor: 'new' });
    expect(ids(feedItems(state, NONE))).toEqual(ids(page));
    expect(cursorOf(state)).toBe('new');
  });
});
