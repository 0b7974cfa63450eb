/**
 * The data a document was rendered with (the page function: functions/handlers/pages/page.ts), handed
 * to the app that takes the document over, so its first render is the server's markup and it does not
 * ask again for what the HTML already shows.
 *
 * The server writes the entries into the document as JSON (`<script type="application/json">`, never
 * executed); the client reads them before it hydrates. Each hook that reads data (the feeds, a post,
 * the Top) looks up its own key: it starts from that entry on its first mount, and once it has used
 * it the entries are dropped, so a later visit to the same page (a navigation back) reads fresh data.
 *
 * No imports but React, the contract and documentScripts.ts: the server renderer and the browser both use it.
 */
import { createContext, useContext, useEffect, useRef, useState } from 'react';
import { PAGE_DATA_KEYS, type PageDataEntries } from '@contract/documents';

import { PAGE_DATA_ELEMENT_ID } from './documentScripts';

/** The keys of the entries (the contract's). */
export const pageDataKeys = PAGE_DATA_KEYS;

/** The document's entries, used by the first mounts that ask for them, then forgotten. */
export class PageData {
  private entries: PageDataEntries | null;

  constructor(entries: PageDataEntries | null) {
    this.entries = entries;
  }

  /** The entry under `key`, if the document carried one and nothing has used the entries yet. */
  peek<T>(key: string): T | undefined {
    return this.entries?.[key] as T | undefined;
  }

  /** Called once a page has used its entry: later mounts read from the API. */
  forget(): void {
    this.entries = null;
  }

  /** The JSON for the document: `<` is escaped, so no text in a post can close the element. */
  toJson(): string {
    return JSON.stringify(this.entries ?? {}).replace(/</g, '\\u003c');
  }

  /** The entries of the document, if it carries any (and they parse). */
  static fromDocument(document: Document): PageData | null {
    const text = document.getElementById(PAGE_DATA_ELEMENT_ID)?.textContent;
    if (!text) return null;
    try {
      return new PageData(JSON.parse(text) as PageDataEntries);
    } catch {
      return null;
    }
  }
}

export const PageDataContext = createContext<PageData | null>(null);

/**
 * The document's entry under `key`, for the first render of the component that asks (and, in React's
 * strict mode, its re-render): after it is mounted the entries are forgotten.
 */
export function useDocumentData<T>(key: string): T | undefined {
  const pageData = useContext(PageDataContext);
  const [initial] = useState(() => pageData?.peek<T>(key));
  useEffect(() => {
    if (initial !== undefined) pageData?.forget();
  }, [pageData, initial]);
  return initial;
}

/**
 * Runs `read` on mount and whenever it changes (another account's API client), unless the document
 * brought what it reads (`fromDocument`): then not on mount, nor when strict mode mounts the effect a
 * second time. `cancel` runs on unmount and before each new read.
 */
export function useReadUnlessFromDocument(read: () => void, fromDocument: boolean, cancel: () => void): void {
  // 'document' until the first effect, then the `read` that the document's data stands for.
  const shownFromDocument = useRef<unknown>(fromDocument ? 'document' : null);
  useEffect(() => {
    if (shownFromDocument.current === 'document') shownFromDocument.current = read;
    if (shownFromDocument.current !== read) read();
    return cancel;
    // `cancel` aborts whatever request is in flight, through a ref: it need not be a dependency.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [read]);
}
