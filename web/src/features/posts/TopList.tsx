import { PageSpinner } from '../../components/PageSpinner';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PostCard } from './PostCard';
import type { Top } from './useTop';

/** A ranking: numbered cards, with loading, empty and error states and «Cargar más». */
export function TopList({ top, label, emptyText }: { top: Top; label: string; emptyText: string }) {
  if (top.status === 'loading' && !top.loaded) return <PageSpinner label="Cargando el top…" />;
  if (!top.loaded && top.status === 'error') {
    return (
      <div className="feed-message">
        <ErrorAlert>{top.error ?? ''}</ErrorAlert>
        <button type="button" className="button" onClick={top.refresh}>
          Reintentar
        </button>
      </div>
    );
  }
  return (
    <>
      {top.items.length === 0 ? (
        <p className="feed-message">{emptyText}</p>
      ) : (
        <ol className="feed feed--ranked" aria-label={label}>
          {top.items.map((post) => (
            <li key={post.id}>
              <PostCard post={post} />
            </li>
          ))}
        </ol>
      )}
      {top.status === 'error' && top.error && <ErrorAlert>{top.error}</ErrorAlert>}
      {top.nextCursor && (
        <div className="feed-more">
          <button
            type="button"
            className="button"
            onClick={top.loadMore}
            disabled={top.status === 'loadingMore'}
            aria-busy={top.status === 'loadingMore'}
          >
            {top.status === 'loadingMore' ? 'Cargando…' : top.status === 'error' ? 'Reintentar' : 'Cargar más'}
          </button>
        </div>
      )}
    </>
  );
}
