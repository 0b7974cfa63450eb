import { Fragment, type ReactNode } from 'react';
import type { PagedList } from '../lib/usePagedList';
import { ErrorAlert } from './ErrorAlert';
import { ListSkeleton } from './ListSkeleton';

type Props<T> = {
  list: PagedList<T>;
  /** The list's accessible name. */
  label: string;
  /** Said while the first page loads. */
  loadingLabel: string;
  /** Shown when the list has nothing. */
  empty: ReactNode;
  /** One item, as the list's `<li>`, keyed by its `id` (`index` counts from 0 over every page shown). */
  renderItem: (item: T, index: number) => ReactNode;
  className?: string;
  /** The button's text («Cargar más», or «Ver más» under a post). */
  moreText?: string;
  /** The shape of the rows shown while the first page loads (components/ListSkeleton.tsx). @default 'card' */
  skeleton?: 'card' | 'line';
  /**
   * Splits the items into runs under headings (an item's group, e.g. its day): consecutive items of
   * one group are one list under an `<h2>` naming it. @default - one list, no headings
   */
  groupBy?: (item: T) => string;
};

/**
 * Every «Cargar más» list of the site: a skeleton of its rows until the first page, an error with «Reintentar» when
 * it cannot be read, an empty state, the items, and the button for the next page (which says when it
 * failed and tries again). The items already shown stay when a later page fails.
 */
export function LoadMoreList<T extends { id: string }>({
  list,
  label,
  loadingLabel,
  empty,
  renderItem,
  className = 'feed',
  moreText = 'Cargar más',
  skeleton = 'card',
  groupBy,
}: Props<T>) {
  if (list.status === 'pending') return <ListSkeleton loadingLabel={loadingLabel} shape={skeleton} />;
  if (list.status === 'error') {
    return (
      <div className="feed-message">
        <ErrorAlert>{list.error ?? ''}</ErrorAlert>
        <button type="button" className="button" onClick={list.retry}>
          Reintentar
        </button>
      </div>
    );
  }
  return (
    <>
      {list.items.length === 0 ? (
        <p className="feed-message">{empty}</p>
      ) : groupBy ? (
        <div aria-label={label} role="group">
          {runsOf(list.items, groupBy).map((run, runIndex) => (
            <section key={`${run.group}#${runIndex}`} className="list-group">
              <h2 className="list-group__title">{run.group}</h2>
              <ol className={className}>
                {run.items.map(({ item, index }) => (
                  <Fragment key={item.id}>{renderItem(item, index)}</Fragment>
                ))}
              </ol>
            </section>
          ))}
        </div>
      ) : (
        <ol className={className} aria-label={label}>
          {list.items.map((item, index) => (
            <Fragment key={item.id}>{renderItem(item, index)}</Fragment>
          ))}
        </ol>
      )}
      {list.error && <ErrorAlert>{list.error}</ErrorAlert>}
      {list.hasMore && (
        <div className="feed-more">
          <button type="button" className="button" onClick={list.loadMore} disabled={list.loadingMore} aria-busy={list.loadingMore}>
            {list.loadingMore ? 'Cargando…' : list.error ? 'Reintentar' : moreText}
          </button>
        </div>
      )}
    </>
  );
}

/** Consecutive items of one group together, each with its place in the whole list. */
function runsOf<T>(items: T[], groupBy: (item: T) => string): Array<{ group: string; items: Array<{ item: T; index: number }> }> {
  const runs: Array<{ group: string; items: Array<{ item: T; index: number }> }> = [];
  items.forEach((item, index) => {
    const group = groupBy(item);
    const last = runs.at(-1);
    if (last && last.group === group) last.items.push({ item, index });
    else runs.push({ group, items: [{ item, index }] });
  });
  return runs;
}
