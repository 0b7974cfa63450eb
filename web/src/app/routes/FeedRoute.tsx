import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { DOCUMENT_PATHS, PAGE_TITLES } from '@contract/documents';
import { isCategory, type Category } from '@contract/categories';
import { useConfig } from '../../lib/config';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useHydrated } from '../../lib/hydration';
import { useCategoryFeedLink } from '../../lib/useCategoryFeedLink';
import { useFeed } from '../../features/posts/useFeed';
import { FeedView } from '../../components/FeedView';
import { PageWithTags } from '../../components/CategoryTags';
import { SentNotice } from '../../features/posts/SentNotice';
import type { SentState } from '../../features/posts/NewPostPage';
import { useLivePosts } from '../../features/live/useLivePosts';
import { writeLiveVotes } from '../../features/votes/useVotes';
import type { LiveStatus } from '../../features/live/liveSocket';

const LIVE_TEXT: Record<LiveStatus, string> = {
  connecting: 'Conectando…',
  open: 'En directo',
  reconnecting: 'Reconectando…',
};

/** A feed wired to the live socket: posts arrive at the top; after a reconnect the first page is re-read. */
function LiveFeed({ category }: { category?: Category }) {
  const config = useConfig();
  const feed = useFeed(category);
  const client = useQueryClient();
  const live = useLivePosts(config.wsUrl, {
    onPublished: feed.addLive,
    onRemoved: feed.removeLive,
    onReconnect: feed.refresh,
    onUpdated: (id, counts) => writeLiveVotes(client, id, counts),
  });
  return (
    <>
      <p className={`live-status live-status--${live}`}>
        <span className="live-status__dot" aria-hidden="true" />
        {LIVE_TEXT[live]}
      </p>
      <FeedView
        feed={feed}
        emptyText={
          category
            ? 'Todavía no hay anécdotas en esta categoría. ¡Estrénala!'
            : 'Todavía no hay anécdotas. ¡Sé la primera persona en contar la suya!'
        }
      />
    </>
  );
}

/** After a post was sent: it is in moderation (until closed, which forgets it in the history entry). */
function SentNoticeOnceTakenOver() {
  const location = useLocation();
  const navigate = useNavigate();
  // history.state survives a reload but the server cannot see it: the notice waits until the page is
  // taken over, or the first render would differ from the server's HTML (a hydration error).
  const hydrated = useHydrated();
  const sent = hydrated && typeof (location.state as Partial<SentState> | null)?.sent === 'string';
  return sent ? <SentNotice onClose={() => void navigate(location.pathname, { replace: true, state: null })} /> : null;
}

/**
 * `/` (all posts) and `/category/:category` (one category, or "categoría desconocida"); after a
 * post was sent, `/` first says it is in moderation.
 */
export function FeedRoute() {
  const { category: param } = useParams();
  const category = param === undefined ? undefined : isCategory(param) ? param : null;
  useDocumentTitle(category === undefined ? undefined : category === null ? PAGE_TITLES.unknownCategory : PAGE_TITLES.category(category));
  useCategoryFeedLink(category);

  return (
    <PageWithTags current={category ?? undefined}>
      <section className="page-main" aria-labelledby="feed-title">
        <SentNoticeOnceTakenOver />
        {category === null ? (
          <div className="notice">
            <h1 id="feed-title">Categoría desconocida</h1>
            <p>
              No existe la categoría «{param}». Elige una de la lista de <span lang="en">tags</span>.
            </p>
          </div>
        ) : (
          <>
            <h1 id="feed-title" className="feed-title">
              {category ? (
                <>
                  Categoria: <span className="feed-title__category">{category}</span>
                </>
              ) : (
                'Últimas anécdotas'
              )}
            </h1>
            {category && (
              <p className="feed-rss">
                <a href={DOCUMENT_PATHS.categoryRss(category)} type="application/rss+xml">
                  RSS de {category}
                </a>
              </p>
            )}
            <LiveFeed key={category ?? ''} category={category} />
          </>
        )}
      </section>
    </PageWithTags>
  );
}
