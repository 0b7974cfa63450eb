import { Fragment, type ReactNode } from 'react';
import type { PagedList } from '../lib/usePagedList';
import { ErrorAlert } from './ErrorAlert';
import { PageSpinner } from './PageSpinner';

type Props<T> = {
  list: PagedList<T>;
  /** The list's accessible name. */
  label: string;
  /** Said while the first page loads. */
  loadingLabel: string;
  /** Shown when the list has nothing. */
  empty: ReactNode;
  /** One item, as the list's `<li>` (`index` counts from 0 over every page shown). */
  renderItem: (item: T, index: number) => ReactNode;
  getKey: (item: T) => string;
  className?: string;
  /** The button's text («Cargar más», or «Ver más» under a post). */
  moreText?: string;
};

/**
 * Every «Cargar más» list of the site: a spinner until the first page, an error with «Reintentar» when
 * it cannot be read, an empty state, the items, and the button for the next page (which says when it
 * failed and tries again). The items already shown stay when a later page fails.
 */
export function LoadMoreList<T>({
  list,
  label,
  loadingLabel,
  empty,
  renderItem,
  getKey,
  className = 'feed',
  moreText = 'Cargar más',
}: Props<T>) {
  if (list.status === 'pending') return <PageSpinner label={loadingLabel} />;
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
      ) : (
        <ol className={className} aria-label={label}>
          {list.items.map((item, index) => (
            <Fragment key={getKey(item)}>{renderItem(item, index)}</Fragment>
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
