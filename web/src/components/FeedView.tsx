import type { ReactNode } from 'react';
import { LoadMoreList } from './LoadMoreList';
import type { PagedList } from '../lib/usePagedList';
import type { Post } from '@contract/posts';
import { PostCard } from './PostCard';

type Props = {
  feed: PagedList<Post>;
  emptyText: ReactNode;
  label?: string;
  className?: string;
  loadingLabel?: string;
  /** A ranking (the Top): each card shows its place. The list is an `<ol>`, so readers already hear it. */
  ranked?: boolean;
  /** How each card's text is shown (a search marks the words that match: PostCard's `renderText`). */
  renderText?: (text: string) => ReactNode;
};

/** A list of post cards with its loading, empty and error states and «Cargar más» (the feeds and the Top). */
export function FeedView({
  feed,
  emptyText,
  label = 'Anécdotas, de la más nueva a la más antigua',
  className = 'feed',
  loadingLabel = 'Cargando anécdotas…',
  ranked = false,
  renderText,
}: Props) {
  return (
    <LoadMoreList
      list={feed}
      label={label}
      className={className}
      loadingLabel={loadingLabel}
      empty={emptyText}
      renderItem={(post, index) => (
        <li className={ranked ? 'feed__ranked-item' : undefined}>
          {ranked && (
            <span className="feed__rank" aria-hidden="true">
              {index + 1}
            </span>
          )}
          <PostCard post={post} renderText={renderText} />
        </li>
      )}
    />
  );
}
