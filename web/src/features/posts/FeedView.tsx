import { PageSpinner } from '../../components/PageSpinner';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PostCard } from './PostCard';
import type { Feed } from './useFeed';

type Props = { feed: Feed; emptyText: string };

/** The list of a feed with its loading, empty and error states and the "Cargar más" button. */
export function FeedView({ feed, emptyText }: Props) {
  if (feed.status === 'loading' && feed.items.length === 0) return <PageSpinner label="Cargando anécdotas…" />;
  if (!feed.loaded && feed.status === 'error') {
    return (
      <div className="feed-message">
        <ErrorAlert>{feed.error ?? ''}</ErrorAlert>
        <button type="button" className="button" onClick={feed.refresh}>
          Reintentar
        </button>
      </div>
    );
  }
  return (
    <>
      {feed.items.length === 0 ? (
        <p className="feed-message">{emptyText}</p>
      ) : (
        <ol className="feed" aria-label="Anécdotas, de la más nueva a la más antigua">
          {feed.items.map((post) => (
            <li key={post.id}>
              <PostCard post={post} />
            </li>
          ))}
        </ol>
      )}
      {feed.status === 'error' && feed.error && <ErrorAlert>{feed.error}</ErrorAlert>}
      {feed.nextCursor && (
        <div className="feed-more">
          <button
            type="button"
            className="button"
            onClick={feed.loadMore}
            disabled={feed.status === 'loadingMore'}
            aria-busy={feed.status === 'loadingMore'}
          >
            {feed.status === 'loadingMore' ? 'Cargando…' : feed.status === 'error' ? 'Reintentar' : 'Cargar más'}
          </button>
        </div>
      )}
    </>
  );
}
