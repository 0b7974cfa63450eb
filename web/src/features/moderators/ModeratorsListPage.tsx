import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { LoadMoreList } from '../../components/LoadMoreList';
import { type Pages } from '../../lib/queries';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { usePagedList, type PagedList } from '../../lib/usePagedList';
import { ModerationNav } from './ModerationNav';

type Props<T> = {
  /** The page's heading, which is also its document title. */
  title: string;
  headingId: string;
  /** What the page shows, under its heading. */
  intro: ReactNode;
  /** What was last done on the list (a page whose items are acted on): said in a status that takes the focus. */
  announcement?: string | null;
  list: PagedList<T>;
  /** The list's accessible name. */
  label: string;
  loadingLabel: string;
  empty: ReactNode;
  renderItem: (item: T) => ReactNode;
};

/** A `/moderar/…` page that is one «Cargar más» list: the moderators' menu, the heading, what it shows and the list. */
export function ModeratorsListPage<T extends { id: string }>({
  title,
  headingId,
  intro,
  announcement,
  list,
  label,
  loadingLabel,
  empty,
  renderItem,
}: Props<T>) {
  useDocumentTitle(title);
  const status = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    // The item acted on has left the list with its buttons: focus goes to what was done.
    if (announcement) status.current?.focus();
  }, [announcement]);
  return (
    <div className="wide stack">
      <ModerationNav />
      <section className="stack" aria-labelledby={headingId}>
        <h1 id={headingId}>{title}</h1>
        <p>{intro}</p>
        {announcement !== undefined && (
          <p ref={status} className="moderators-status" role="status" tabIndex={-1}>
            {announcement}
          </p>
        )}
        <LoadMoreList
          list={list}
          label={label}
          className="moderators-list"
          loadingLabel={loadingLabel}
          empty={empty}
          renderItem={renderItem}
        />
      </section>
    </div>
  );
}

/**
 * A moderators' list whose items leave it once acted on (an appeal answered, a suspension lifted):
 * `leave(id, message)` drops the item from the cached pages, has the `affected` lists read again and
 * sets the `announcement` that says what was done.
 */
export function useLeavingList<T extends { id: string }>(
  key: QueryKey,
  read: (cursor: string | null, signal: AbortSignal) => Promise<{ items: T[]; nextCursor: string | null }>,
  affected: QueryKey[],
) {
  const client = useQueryClient();
  const list = usePagedList<T>(key, read);
  const [announcement, setAnnouncement] = useState<string | null>(null);

  function leave(id: string, message: string) {
    setAnnouncement(message);
    client.setQueryData<Pages<T>>(key, (data) =>
      data ? { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.filter((item) => item.id !== id) })) } : data,
    );
    for (const queryKey of affected) void client.invalidateQueries({ queryKey });
  }

  return { list, announcement, leave };
}
