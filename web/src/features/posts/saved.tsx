import { createContext, useContext, useLayoutEffect, useMemo, type ReactNode } from 'react';
import { usePostBookEntry } from '../../lib/bookEntry';
import { MAX_SAVED_IDS } from '@contract/saved';
import { ApiError, errorMessage, useApi, type ApiClient } from '../../lib/api';

/** What the site knows of whether the signed-in reader saved one post. */
export type SavedEntry = {
  /** Undefined until /me/saved/ids said. */
  saved?: boolean;
  busy?: boolean;
  /** What to tell the person after a failed press, and whether signing in would help. */
  message?: { text: string; signIn: boolean };
};

/** A post the book knows nothing of: the very object the cards render before they read the book (NO_VOTES says why). */
const NOT_SAVED: SavedEntry = {};

/**
 * «Guardar» on the cards on screen, as the vote book does for votes (votes.tsx): one
 * `GET /me/saved/ids` for every card that mounts in the same tick, a press saves or unsaves, and
 * when who is signed in changes, what was known is forgotten and asked for again.
 */
export class SavedBook {
  private readonly entries = new Map<string, SavedEntry>();
  private readonly listeners = new Set<() => void>();
  private readonly requested = new Set<string>();
  private readonly onScreen = new Map<string, number>();
  private queued: string[] = [];
  private flushScheduled = false;
  private account: string | null | undefined = undefined;
  private generation = 0;

  constructor(
    private readonly api: ApiClient,
    /** Told when a post was saved or unsaved here (the «Guardadas» list then reads again). */
    private readonly onChange: () => void = () => undefined,
  ) {}

  get signedIn(): boolean {
    return typeof this.account === 'string';
  }

  readonly ready = (): boolean => this.account !== undefined;

  setAccount(account: string | null | undefined): void {
    if (account === undefined || account === this.account) return;
    this.account = account;
    this.generation++;
    this.entries.clear();
    this.requested.clear();
    this.queued = [];
    this.notify();
    for (const id of this.onScreen.keys()) this.watch(id);
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  entry(id: string): SavedEntry {
    return this.entries.get(id) ?? NOT_SAVED;
  }

  private notify(): void {
    for (const listener of [...this.listeners]) listener();
  }

  private set(id: string, change: Partial<SavedEntry>): void {
    this.entries.set(id, { ...this.entry(id), ...change });
    this.notify();
  }

  show(id: string): void {
    this.onScreen.set(id, (this.onScreen.get(id) ?? 0) + 1);
    this.watch(id);
  }

  unwatch(id: string): void {
    const count = (this.onScreen.get(id) ?? 1) - 1;
    if (count <= 0) this.onScreen.delete(id);
    else this.onScreen.set(id, count);
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
    for (let start = 0; start < ids.length; start += MAX_SAVED_IDS) {
      const chunk = ids.slice(start, start + MAX_SAVED_IDS);
      this.api.savedIds(chunk).then(
        ({ ids: saved }) => {
          if (generation !== this.generation) return;
          const set = new Set(saved);
          for (const id of chunk) if (this.entry(id).saved === undefined) this.set(id, { saved: set.has(id) });
        },
        () => {
          if (generation === this.generation) for (const id of chunk) this.requested.delete(id);
        },
      );
    }
  }

  /**
   * Saves the post, or takes it out of «Guardadas» when it is saved already. `onlyAdd`: a tap kept
   * before the page could show whether it is saved (lib/taps.ts) only saves; saved already, nothing changes.
   */
  async toggle(id: string, { onlyAdd = false }: { onlyAdd?: boolean } = {}): Promise<void> {
    const current = this.entry(id);
    if (current.busy || !this.ready()) return;
    if (onlyAdd && current.saved === true) return;
    if (!this.signedIn) {
      this.set(id, { message: { text: 'Inicia sesión para guardar anécdotas.', signIn: true } });
      return;
    }
    const next = onlyAdd || current.saved !== true;
    this.set(id, { busy: true, message: undefined });
    const generation = this.generation;
    try {
      if (next) await this.api.savePost(id);
      else await this.api.unsavePost(id);
      if (generation === this.generation) this.set(id, { busy: false, saved: next });
      this.onChange();
    } catch (error) {
      if (generation !== this.generation) return;
      if (error instanceof ApiError && error.code === 'UNAUTHORIZED') {
        this.set(id, { busy: false, message: { text: 'Tu sesión ha caducado. Inicia sesión para guardar anécdotas.', signIn: true } });
      } else if (!next && error instanceof ApiError && error.code === 'POST_NOT_FOUND') {
        // Unsaved all the same: the post is no longer public.
        this.set(id, { busy: false, saved: false });
        this.onChange();
      } else {
        this.set(id, { busy: false, message: { text: errorMessage(error), signIn: false } });
      }
    }
  }
}

const SavedContext = createContext<SavedBook | null>(null);
const SavedReadyContext = createContext(false);

/** The page's saved book, told who is signed in (as VotesProvider is). */
export function SavedProvider({
  account,
  onChange,
  children,
}: {
  account: string | null | undefined;
  onChange?: () => void;
  children: ReactNode;
}) {
  const api = useApi();
  const book = useMemo(() => new SavedBook(api, onChange), [api, onChange]);
  useLayoutEffect(() => book.setAccount(account), [book, account]);
  return (
    <SavedContext.Provider value={book}>
      <SavedReadyContext.Provider value={account !== undefined}>{children}</SavedReadyContext.Provider>
    </SavedContext.Provider>
  );
}

/** Whether «Guardar» can act (who is signed in is known): as useVotesReady in ./votes.tsx. */
export function useSavedReady(): boolean {
  return useContext(SavedReadyContext);
}

/** What the page's saved book holds for `postId` (NOT_SAVED as useVoteEntry's NO_VOTES), re-rendering only this card. */
export function useSavedEntry(postId: string): SavedEntry {
  return usePostBookEntry(useSavedBook(), postId, NOT_SAVED);
}

/** The page's saved book, or null outside a SavedProvider (the card then has no «Guardar»). */
export function useSavedBook(): SavedBook | null {
  return useContext(SavedContext);
}
