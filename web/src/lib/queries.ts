/**
 * The web's server state lives in one TanStack Query cache: its keys, its defaults, and the hand-over
 * of a server-rendered document's data (the page function renders with a cache holding what it read,
 * writes that cache into the document with TanStack's `dehydrate`, and the browser `hydrate`s it
 * before its first render, so the markup matches and nothing is asked twice).
 *
 * No imports but TanStack Query, the contract and documentScripts.ts: the server renderer and the
 * browser both use it.
 */
import { QueryClient, dehydrate, hydrate, type DehydratedState, type InfiniteData } from '@tanstack/react-query';
import { PAGE_DATA_KEYS, type PageDataEntries } from '@contract/documents';
import type { Post, PostPage } from '@contract/posts';
import { CATEGORIES, isCategory, type Category } from '@contract/categories';
import type { AuthorProfile } from '@contract/authors';
import type { LegalDetails } from '@contract/legal';
import { TOP_PERIODS, TOP_RANKINGS, type TopPeriod, type TopRanking } from '@contract/voteRules';
import { PAGE_DATA_ELEMENT_ID } from './documentScripts';

/**
 * Every query's key. Lists of one account's data start with `account`, so they are dropped when who is
 * signed in changes (app/App.tsx): one account's answers are never shown to another.
 */
export const queryKeys = {
  feed: (category?: Category) => ['posts', 'feed', category ?? 'all'] as const,
  /** A ranking of the Top; `opening`: `/top` without a period (the first page names the period the API chose). */
  top: (period: TopPeriod | 'opening', by: TopRanking) => ['posts', 'top', period, by] as const,
  /** A post's page: the post, or null when there is none to show. */
  post: (id: string) => ['posts', 'one', id] as const,
  comments: (postId: string) => ['comments', postId] as const,
  /** A post's comments in one order (under `comments(postId)`, so a refresh reads every order shown). */
  commentsIn: (postId: string, sort: 'best' | 'old') => ['comments', postId, sort] as const,
  /** A top-level comment's replies past the first ones its list carries. */
  replies: (commentId: string) => ['comments', 'replies', commentId] as const,
  /** Counts newer than the comment a list holds (a vote just cast, a live `comment.updated`): written, never read from the API. */
  commentVoteCounts: (commentId: string) => ['comments', 'votes', commentId] as const,
  /** The signed-in reader's vote on a comment. */
  myCommentVote: (who: string, commentId: string) => ['account', 'comment-votes', who, commentId] as const,
  /** An author's profile (null: no such author), by the name as the address has it. */
  author: (name: string) => ['authors', name, 'profile'] as const,
  authorPosts: (name: string) => ['authors', name, 'posts'] as const,
  /** A search's results, by the query as the address has it (trimmed) and the category. */
  search: (query: string, category?: Category) => ['posts', 'search', query, category ?? 'all'] as const,
  /**
   * Counts newer than the posts a list holds (a vote just cast, a live `post.updated`): written, never
   * read from the API; a card shows these over its post's own when present.
   */
  voteCounts: (postId: string) => ['posts', 'votes', postId] as const,
  /** What «Privacidad» and «Aviso legal» say of the deployment (who runs the site, the region): its documents carry it. */
  legal: ['site', 'legal'] as const,
  account: ['account'] as const,
  /** `GET /me` of the account signed in as `who`. */
  me: (who: string) => ['account', 'me', who] as const,
  meOfAnyone: ['account', 'me'] as const,
  /** `who`'s vote on one post (null: none), asked for with the rest of its page (one `GET /me/votes`). */
  myVote: (who: string, postId: string) => ['account', 'votes', who, postId] as const,
  /** Whether `who` saved one post, asked for with the rest of its page (one `GET /me/saved/ids`). */
  isSaved: (who: string, postId: string) => ['account', 'isSaved', who, postId] as const,
  myPosts: ['account', 'posts'] as const,
  /** The apodos `who` blocked (`GET /me/blocks`): what folds on every page. */
  blocks: (who: string) => ['account', 'blocks', who] as const,
  saved: ['account', 'saved'] as const,
  notifications: ['account', 'notifications'] as const,
  reported: ['account', 'moderation', 'reported'] as const,
  suspensions: ['account', 'moderation', 'suspensions'] as const,
  moderationLog: ['account', 'moderation', 'log'] as const,
  /** The open appeals (`/moderar/recursos` and the count in the moderators' menu). */
  appeals: ['account', 'moderation', 'appeals'] as const,
  /** How many appeals are open, counted from one page of them (the moderators' menu). */
  appealCount: ['account', 'moderation', 'appealCount'] as const,
};

/** Cursor-paged lists as the cache holds them: the pages read so far and the cursor each was read with. */
export type Pages<T> = InfiniteData<{ items: T[]; nextCursor: string | null }, string | null>;

/** A list held as its first page only (what a document carries). */
export function firstPageOnly<T>(page: { items: T[]; nextCursor: string | null }): Pages<T> {
  return { pages: [page], pageParams: [null] };
}

/**
 * How long a list read is shown without asking again: going back to a page within it shows the cache
 * at once, where you were. Lists on screen are kept current by the live socket meanwhile.
 */
export const FRESH_FOR_MS = 60_000;

/**
 * A post as a list already in the cache holds it (a feed, the Top, a search, an author's page), for a
 * post's page to show at once while it reads the post again: a card's link carries only the id.
 */
export function postFromLists(client: QueryClient, id: string): Post | undefined {
  for (const key of [['posts'], ['authors']]) {
    for (const [, data] of client.getQueriesData<Partial<Pages<Post>>>({ queryKey: key })) {
      for (const page of data?.pages ?? []) {
        const found = page.items.find((item) => item.id === id);
        if (found) return found;
      }
    }
  }
  return undefined;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: FRESH_FOR_MS,
        // A failed read says so and offers «Reintentar» (as the site always did), instead of waiting.
        retry: false,
        // Live messages keep what is shown current; re-reading every page on focus would cost reads for nothing.
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

/** Puts what a document was rendered with (the page function's entries) into the cache, under the queries' keys. */
export function seedFromPageData(client: QueryClient, entries: PageDataEntries): void {
  for (const category of [undefined, ...CATEGORIES]) {
    const page = entries[PAGE_DATA_KEYS.feed(category)] as PostPage | undefined;
    if (page) client.setQueryData(queryKeys.feed(category), firstPageOnly(page));
  }
  for (const period of [...TOP_PERIODS, 'opening' as const])
    for (const by of TOP_RANKINGS) {
      const page = entries[PAGE_DATA_KEYS.top(period, by)] as PostPage | undefined;
      if (page) client.setQueryData(queryKeys.top(period, by), firstPageOnly(page));
    }
  const legal = entries[PAGE_DATA_KEYS.legal] as LegalDetails | undefined;
  if (legal) client.setQueryData(queryKeys.legal, legal);
  const postPrefix = PAGE_DATA_KEYS.post('');
  const authorPrefix = PAGE_DATA_KEYS.author('');
  const authorPostsPrefix = PAGE_DATA_KEYS.authorPosts('');
  const searchPrefix = 'search:';
  for (const [key, value] of Object.entries(entries)) {
    if (key.startsWith(searchPrefix) && value) {
      const [query, category] = JSON.parse(key.slice(searchPrefix.length)) as [string, string];
      if (key === PAGE_DATA_KEYS.search(query, isCategory(category) ? category : undefined))
        client.setQueryData(queryKeys.search(query, isCategory(category) ? category : undefined), firstPageOnly(value as PostPage));
      continue;
    }
    if (key.startsWith(postPrefix))
      client.setQueryData(queryKeys.post(key.slice(postPrefix.length)), (value as { post: Post | null }).post);
    else if (key.startsWith(authorPrefix))
      client.setQueryData(queryKeys.author(key.slice(authorPrefix.length)), (value as { author: AuthorProfile | null }).author);
    else if (key.startsWith(authorPostsPrefix) && value)
      client.setQueryData(queryKeys.authorPosts(key.slice(authorPostsPrefix.length)), firstPageOnly(value as PostPage));
  }
}

/** The JSON a document carries: the rendered page's cache; `<` is escaped, so no text in a post can close the element. */
export function documentStateJson(client: QueryClient): string {
  return JSON.stringify(dehydrate(client)).replace(/</g, '\\u003c');
}

/** The cache state a server-rendered document carries, if it carries one (and it parses). */
export function readDocumentState(document: Document): DehydratedState | null {
  const text = document.getElementById(PAGE_DATA_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as DehydratedState;
  } catch {
    return null;
  }
}

/**
 * Puts a document's state into the browser's cache, as read now: a page served from a CDN cache a
 * while after it was rendered is still not asked for again on load.
 */
export function hydrateFromDocument(client: QueryClient, state: DehydratedState, now = Date.now()): void {
  hydrate(client, {
    ...state,
    queries: state.queries.map((query) => ({ ...query, state: { ...query.state, dataUpdatedAt: now } })),
  });
}
