import { createContext, useContext, useLayoutEffect, useMemo, type ReactNode } from 'react';
import { usePostBookEntry } from '../../lib/bookEntry';
import { type PostVotes } from '@contract/posts';
import { MAX_VOTE_IDS, type VoteKind } from '@contract/votes';
import { ApiError, errorMessage, useApi, type ApiClient } from '../../lib/api';

/** What the site knows of one post's votes beyond the post it was given. */
export type VoteEntry = {
  /** The signed-in user's vote: undefined until /me/votes said, null for none. */
  mine?: VoteKind | null;
  /** Counts newer than the post's (a vote just cast, a live `post.updated`). */
  counts?: PostVotes;
  /** The API said this post is the user's own (OWN_POST): no buttons to press. */
  own?: boolean;
  busy?: boolean;
  /** What to tell the person after a failed vote, and whether signing in would help. */
  message?: { text: string; signIn: boolean };
};

/**
 * A post the book knows nothing of. The cards render this very object before they read the book (on
 * the server, while taking the page over, outside a provider): when a card subscribes, React compares
 * the book's answer with what it rendered, and a different empty object would force a synchronous
 * re-render of every card on the page, the task that keeps taps waiting right after the take-over.
 */
const NO_VOTES: VoteEntry = {};

/**
 * The votes of the cards on screen: one `GET /me/votes` for every card that mounts in the same tick
 * (a page of cards), counts from votes and live messages. Cards read their entry with
 * useSyncExternalStore, so a change re-renders only that card. One book lives as long as the app;
 * when who is signed in changes, their votes are forgotten and asked for again (an answer meant for
 * the previous account is dropped), and while the session is still loading nobody can vote yet.
 */
export class VoteBook {
  private readonly entries = new Map<string, VoteEntry>();
  private readonly listeners = new Set<() => void>();
  private readonly requested = new Set<string>();
  /** Cards on screen, by id, with how many of each. */
  private readonly onScreen = new Map<string, number>();
  private queued: string[] = [];
  private flushScheduled = false;
  /** Who is signed in: undefined while the session loads, null when nobody is. */
  private account: string | null | undefined = undefined;
  /** Bumped when the account changes: answers to an older generation are dropped. */
  private generation = 0;

  constructor(private readonly api: ApiClient) {}

  get signedIn(): boolean {
    return typeof this.account === 'string';
  }

  /** Whether it knows yet who is signed in (cards wait for it before taking a vote). */
  readonly ready = (): boolean => this.account !== undefined;

  /** Who is signed in now; a different account than before starts afresh. */
  setAccount(account: string | null | undefined): void {
    if (account === undefined || account === this.account) return;
    const wasKnown = this.account !== undefined;
    this.account = account;
    this.generation++;
    if (wasKnown) {
      for (const [id, entry] of this.entries) this.entries.set(id, { counts: entry.counts });
    }
    this.requested.clear();
    this.queued = [];
    for (const listener of [...this.listeners]) listener();
    for (const id of this.onScreen.keys()) this.watch(id);
  }

  /** A card for `id` left the screen. */
  unwatch(id: string): void {
    const count = (this.onScreen.get(id) ?? 1) - 1;
    if (count <= 0) this.onScreen.delete(id);
    else this.onScreen.set(id, count);
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  entry(id: string): VoteEntry {
    return this.entries.get(id) ?? NO_VOTES;
  }

  private set(id: string, change: Partial<VoteEntry>): void {
    this.entries.set(id, { ...this.entry(id), ...change });
    for (const listener of [...this.listeners]) listener();
  }

  /** A card for `id` is on screen: its pressed state is asked for with the rest of its page. */
  show(id: string): void {
    this.onScreen.set(id, (this.onScreen.get(id) ?? 0) + 1);
    this.watch(id);
  }

  private watch(id: string): void {
    if (!this.signedIn || this.requested.has(id)) return;
    this.requested.add(id);
    this.queued.push(id);
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    setTimeout(() => this.flush(), 0);
  }

  private flush(): void {
    this.flushScheduled = false;
    const ids = this.queued;
    this.queued = [];
    const generation = this.generation;
    for (let start = 0; start < ids.length; start += MAX_VOTE_IDS) {
      const chunk = ids.slice(start, start + MAX_VOTE_IDS);
      this.api.myVotes(chunk).then(
        ({ votes }) => {
          if (generation !== this.generation) return;
          for (const id of chunk) if (this.entry(id).mine === undefined) this.set(id, { mine: votes[id] ?? null });
        },
        () => {
          // Not shown as pressed; asked for again when the card mounts again.
          if (generation === this.generation) for (const id of chunk) this.requested.delete(id);
        },
      );
    }
  }

  /** Counts the card was given afresh (a page read): newer than anything held. */
  fresh(id: string): void {
    if (this.entry(id).counts) this.set(id, { counts: undefined });
  }

  /** A live `post.updated`. */
  live(id: string, votes: PostVotes): void {
    this.set(id, { counts: votes });
  }

  /**
   * Presses `kind` (or, when it is the user's vote already, takes it back). `onlyAdd`: a tap kept
   * before the page could show the vote (lib/taps.ts) means "I want to have voted this": cast, never
   * taken back — when it is the user's vote already nothing changes (and before `GET /me/votes` has
   * said, the cast is harmless: the same vote again changes nothing on the API).
   */
  async toggle(id: string, kind: VoteKind, { onlyAdd = false }: { onlyAdd?: boolean } = {}): Promise<void> {
    const current = this.entry(id);
    if (current.busy || !this.ready()) return;
    if (onlyAdd && current.mine === kind) return;
    if (!this.signedIn) {
      this.set(id, { message: { text: 'Inicia sesión para votar.', signIn: true } });
      return;
    }
    this.set(id, { busy: true, message: undefined });
    const generation = this.generation;
    try {
      const result = current.mine === kind && !onlyAdd ? await this.api.removeVote(id) : await this.api.castVote(id, kind);
      if (generation !== this.generation) this.set(id, { busy: false, counts: result.votes });
      else this.set(id, { busy: false, mine: result.myVote, counts: result.votes });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'OWN_POST') {
        this.set(id, { busy: false, own: true, message: { text: 'Es tu anécdota: la votan los demás.', signIn: false } });
      } else if (error instanceof ApiError && error.code === 'UNAUTHORIZED') {
        this.set(id, { busy: false, message: { text: 'Tu sesión ha caducado. Inicia sesión para votar.', signIn: true } });
      } else {
        this.set(id, { busy: false, message: { text: errorMessage(error), signIn: false } });
      }
    }
  }
}

const VotesContext = createContext<VoteBook | null>(null);
/** Whether who is signed in is known (the book's `ready()`), as React state rather than the book's store. */
const VotesReadyContext = createContext(false);

/**
 * The page's vote book, told who is signed in (`account`: an id for the account, null for nobody,
 * undefined while the session loads). A layout effect, so the cards' own effects already see it.
 */
export function VotesProvider({ account, children }: { account: string | null | undefined; children: ReactNode }) {
  const api = useApi();
  const book = useMemo(() => new VoteBook(api), [api]);
  useLayoutEffect(() => book.setAccount(account), [book, account]);
  return (
    <VotesContext.Provider value={book}>
      <VotesReadyContext.Provider value={account !== undefined}>{children}</VotesReadyContext.Provider>
    </VotesContext.Provider>
  );
}

/**
 * Whether the cards' vote buttons can take a vote (who is signed in is known). Read from the provider's
 * props, so it changes in the render that learns the account (after the page is taken over: a
 * transition, in slices) rather than in a synchronous re-render of every card that the book's
 * notification would force.
 */
export function useVotesReady(): boolean {
  return useContext(VotesReadyContext);
}

/**
 * What the page's vote book holds for `postId` (NO_VOTES while taking a page over, outside a provider,
 * or for a post it knows nothing of), re-rendering only this card when that changes.
 */
export function useVoteEntry(postId: string): VoteEntry {
  return usePostBookEntry(useVoteBook(), postId, NO_VOTES);
}

/** The page's vote book, or null outside a VotesProvider (the card then shows counts only). */
export function useVoteBook(): VoteBook | null {
  return useContext(VotesContext);
}
