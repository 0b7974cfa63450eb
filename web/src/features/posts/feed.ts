import type { Post, PostPage } from '@contract/posts';
import type { Pages } from '../../lib/queries';

/**
 * A feed (home or one category) as the cache holds it: the pages read from the API, with posts that
 * enter or leave the feeds live applied to them. Shown newest `publishedAt` first, each post once.
 * Pure functions, so the merge rules are tested on their own.
 */
export type FeedPages = Pages<Post>;

/** Newest `publishedAt` first (the feeds' order); the id breaks ties so the order is stable. */
export function compareNewestFirst(a: Post, b: Post): number {
  if (a.publishedAt !== b.publishedAt) return a.publishedAt < b.publishedAt ? 1 : -1;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/** The union of two lists by id (a post already held is kept), newest first, leaving out `removed` ones. */
export function mergePosts(current: readonly Post[], incoming: readonly Post[], removed: Iterable<string> = []): Post[] {
  const seen = new Set([...current.map((post) => post.id), ...removed]);
  const added = incoming.filter((post) => {
    if (seen.has(post.id)) return false;
    seen.add(post.id);
    return true;
  });
  if (added.length === 0) return current as Post[];
  return [...current, ...added].sort(compareNewestFirst);
}

/**
 * What the feed shows: every page's posts and those that arrived live before the first page was read,
 * newest first, each once, without the ones that left the feeds (a page read before a post left does
 * not bring it back).
 */
export function feedItems(data: FeedPages | undefined, removed: ReadonlySet<string>, early: readonly Post[] = []): Post[] {
  const all = [...early, ...(data?.pages.flatMap((page) => page.items) ?? [])];
  return mergePosts([], all, removed);
}

/** A post that entered the feeds: at the top, unless it is already held. */
export function withLivePost(data: FeedPages, post: Post): FeedPages {
  if (data.pages.some((page) => page.items.some((held) => held.id === post.id))) return data;
  const [first = { items: [], nextCursor: null }, ...rest] = data.pages;
  return { ...data, pages: [{ ...first, items: mergePosts(first.items, [post]) }, ...rest] };
}

/** A post that left the feeds. */
export function withoutPost(data: FeedPages, id: string): FeedPages {
  if (!data.pages.some((page) => page.items.some((post) => post.id === id))) return data;
  return { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.filter((post) => post.id !== id) })) };
}

/**
 * The first page read again (after a reconnect). If it overlaps what is held it only fills the top,
 * and posts held within its span (between its newest and oldest post) that it no longer contains left
 * the feeds meanwhile; if it does not overlap, more posts arrived than a page holds and the feed
 * restarts from this page, with no gap.
 */
export function withRereadFirstPage(data: FeedPages, page: PostPage): FeedPages {
  const held = data.pages.flatMap((each) => each.items);
  const heldIds = new Set(held.map((post) => post.id));
  const overlaps = held.length === 0 || page.items.some((post) => heldIds.has(post.id));
  if (!overlaps) return { pages: [page], pageParams: [null] };
  const newest = page.items[0];
  const oldest = page.items.at(-1);
  const inPage = new Set(page.items.map((post) => post.id));
  const vanished = (post: Post) =>
    !inPage.has(post.id) &&
    (newest && oldest
      ? compareNewestFirst(post, newest) >= 0 && (page.nextCursor === null || compareNewestFirst(post, oldest) <= 0)
      : page.nextCursor === null);
  const [first = { items: [], nextCursor: null }, ...rest] = data.pages;
  return {
    ...data,
    pages: [
      {
        ...first,
        items: mergePosts(
          first.items.filter((post) => !vanished(post)),
          page.items,
        ),
      },
      ...rest.map((each) => ({ ...each, items: each.items.filter((post) => !vanished(post)) })),
    ],
  };
}
