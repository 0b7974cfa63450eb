import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useParams } from 'react-router-dom';
import { PAGE_TITLES } from '@contract/documents';
import { type Post } from '@contract/posts';
import { ApiError, errorMessage, useApi } from '../../lib/api';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { postFromLists, queryKeys } from '../../lib/queries';
import { PageSpinner } from '../../components/PageSpinner';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PostCard } from '../../components/PostCard';
import { PageWithTags } from '../../components/CategoryTags';
import { CommentsSection } from '../../features/comments/CommentsSection';
import type { SubscribeToComments } from '../../features/comments/liveComments';
import { SIGNED_OUT, type Viewer } from '../../features/comments/viewer';

type State = { status: 'loading' } | { status: 'found'; post: Post } | { status: 'notFound' } | { status: 'error'; message: string };

/**
 * `/post/:id`: one anecdote on its own page (where Aleatorio lands) with its comments, or a 404
 * message. `viewer` (from the app) says whether to offer the comment form.
 */
export default function PostPage({
  viewer = SIGNED_OUT,
  subscribeToComments,
}: {
  viewer?: Viewer;
  subscribeToComments?: SubscribeToComments;
}) {
  const { id = '' } = useParams();
  const api = useApi();
  const client = useQueryClient();
  const location = useLocation();
  // Aleatorio passes the post it already read, so the page shows it without a second request.
  const passed = (location.state as { post?: Post } | null)?.post;
  const read = useQuery({
    queryKey: queryKeys.post(id),
    // null: there is no published post with that id (the page says so).
    queryFn: ({ signal }) =>
      api.call('posts.get', { params: { id } }, { signal }).catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }),
    initialData: passed?.id === id ? passed : undefined,
    // From a list's card: the post as that list holds it, shown (with its comments asked for) while the
    // post is read again, instead of a spinner for the whole round trip.
    placeholderData: () => postFromLists(client, id),
  });
  const state: State =
    read.status === 'pending'
      ? { status: 'loading' }
      : read.status === 'error'
        ? { status: 'error', message: errorMessage(read.error) }
        : read.data
          ? { status: 'found', post: read.data }
          : { status: 'notFound' };

  useDocumentTitle(
    state.status === 'found' ? PAGE_TITLES.post(state.post.name) : state.status === 'notFound' ? PAGE_TITLES.postNotFound : 'Anécdota',
  );

  return (
    <PageWithTags>
      <section className="page-main" aria-busy={state.status === 'loading'}>
        {state.status === 'loading' && (
          <>
            <h1 className="visually-hidden">Anécdota</h1>
            <PageSpinner label="Cargando la anécdota…" />
          </>
        )}
        {state.status === 'found' && (
          <>
            <PostCard post={state.post} headingLevel="h1" linkToPost={false} />
            <CommentsSection
              key={state.post.id}
              postId={state.post.id}
              viewer={viewer}
              initialCount={state.post.comments}
              subscribe={subscribeToComments}
            />
          </>
        )}
        {state.status === 'notFound' && (
          <div className="notice">
            <h1>No encontramos esa anécdota</h1>
            <p>Puede que el enlace esté mal copiado. Hay muchas más en la portada.</p>
            <p>
              <Link to="/">Volver a la portada</Link>
            </p>
          </div>
        )}
        {state.status === 'error' && (
          <>
            <h1>Anécdota</h1>
            <ErrorAlert>{state.message}</ErrorAlert>
          </>
        )}
      </section>
    </PageWithTags>
  );
}
