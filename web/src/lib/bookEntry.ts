import { useSyncExternalStore } from 'react';

/** A per-post book the cards read (the vote book, the saved book): one entry per post, listeners told of changes. */
export type PostBook<Entry> = {
  /** An arrow property in each book, so React may call it unbound. */
  subscribe: (listener: () => void) => () => void;
  entry(postId: string): Entry;
};

const noSubscription = () => () => undefined;

/**
 * What `book` holds for `postId`, re-rendering only the calling card when it changes. `empty` is what the
 * card renders without a book (on the server, while taking a page over, outside a provider) and must be the
 * very object the book answers for a post it knows nothing of: a different one would make React re-render
 * every card synchronously when they subscribe.
 */
export function usePostBookEntry<Entry>(book: PostBook<Entry> | undefined | null, postId: string, empty: Entry): Entry {
  return useSyncExternalStore(
    book ? book.subscribe : noSubscription,
    () => (book ? book.entry(postId) : empty),
    () => empty,
  );
}
