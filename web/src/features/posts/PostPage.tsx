import { useEffect, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { PAGE_TITLES } from '@contract/documents';
import { type Post } from '@contract/posts';
import { ApiError, errorMessage, useApi } from '../../lib/api';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { pageDataKeys, useDocumentData } from '../../lib/pageData';
import { PageSpinner } from '../../components/PageSpinner';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PostCard } from './PostCard';
import { CategoryTags } from './CategoryTags';
import { CommentsSection } from './CommentsSection';
import type { SubscribeToComments } from './liveComments';
import { SIGNED_OUT, type Viewer } from './viewer';

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
  const location = useLocation();
  // Aleatorio passes the post it already read, so the page shows it without a second request.
  const passed = (location.state as { post?: Post } | null)?.post;
  // What the document was rendered with (the post, or null when there is none to show), if it was.
  const fromDocument = useDocumentData<{ post: Post | null }>(pageDataKeys.post(id));
  // What the API said, and for which id: the page shows it only while that id is the one in the URL.
  const [fetched, setFetched] = useState<{ id: string; state: State } | null>(() =>
    fromDocument ? { id, state: fromDocument.post ? { status: 'found', post: fromDocument.post } : { status: 'notFound' } } : null,
  );
  const state: State = passed?.id === id ? { status: 'found', post: passed } : fetched?.id === id ? fetched.state : { status: 'loading' };
  const known = passed?.id === id || fetched?.id === id;

  useEffect(() => {
    if (known) return;
    const controller = new AbortController();
    api
      .getPost(id, controller.signal)
      .then((post) => setFetched({ id, state: { status: 'found', post } }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 404) setFetched({ id, state: { status: 'notFound' } });
        else setFetched({ id, state: { status: 'error', message: errorMessage(error) } });
      });
    return () => controller.abort();
  }, [api, id, known]);

  useDocumentTitle(
    state.status === 'found' ? PAGE_TITLES.post(state.post.name) : state.status === 'notFound' ? PAGE_TITLES.postNotFound : 'Anécdota',
  );

  return (
    <div className="page-grid">
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
      <aside className="page-aside">
        <CategoryTags />
      </aside>
    </div>
  );
}
