import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { OwnPost } from '@contract/posts';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageSpinner } from '../../components/PageSpinner';
import { errorMessage, useApi } from '../../lib/api';
import { LocalTime } from '../../components/LocalTime';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { STATUS_TEXT } from './status';

type State = {
  items: OwnPost[];
  nextCursor: string | null;
  status: 'loading' | 'idle' | 'loadingMore' | 'error';
  error: string | null;
  loaded: boolean;
};

/** `/mis-anecdotas` (signed-in users): every post the user sent, newest first, with its status and a delete button. */
export default function MyPostsPage() {
  useDocumentTitle('Mis anécdotas');
  const api = useApi();
  const [state, setState] = useState<State>({ items: [], nextCursor: null, status: 'loading', error: null, loaded: false });
  const abort = useRef<AbortController | null>(null);

  // Reads a page; state changes only when the answer comes (see `load`), so the first read may run from an effect.
  const fetchPage = useCallback(
    (cursor: string | null) => {
      abort.current?.abort();
      const controller = new AbortController();
      abort.current = controller;
      api
        .myPosts({ cursor, signal: controller.signal })
        .then((page) =>
          setState((current) => {
            const held = cursor ? current.items : [];
            const seen = new Set(held.map((post) => post.id));
            return {
              items: [...held, ...page.items.filter((post) => !seen.has(post.id))],
              nextCursor: page.nextCursor,
              status: 'idle',
              error: null,
              loaded: true,
            };
          }),
        )
        .catch((error: unknown) => {
          if (!controller.signal.aborted) setState((current) => ({ ...current, status: 'error', error: errorMessage(error) }));
        });
    },
    [api],
  );

  const load = useCallback(
    (cursor: string | null) => {
      setState((current) => ({ ...current, status: cursor ? 'loadingMore' : 'loading', error: null }));
      fetchPage(cursor);
    },
    [fetchPage],
  );

  useEffect(() => {
    fetchPage(null);
    return () => abort.current?.abort();
  }, [fetchPage]);

  const markRemoved = useCallback((id: string) => {
    setState((current) => ({ ...current, items: current.items.map((post) => (post.id === id ? { ...post, status: 'removed' } : post)) }));
  }, []);

  return (
    <section className="wide" aria-labelledby="my-posts-title">
      <h1 id="my-posts-title">Mis anécdotas</h1>
      <p className="page-intro">
        Todo lo que has enviado, de lo más nuevo a lo más antiguo. Cada anécdota pasa por moderación antes de llegar a portada.
      </p>
      {state.status === 'loading' && !state.loaded ? (
        <PageSpinner label="Cargando tus anécdotas…" />
      ) : !state.loaded && state.status === 'error' ? (
        <div className="feed-message">
          <ErrorAlert>{state.error ?? ''}</ErrorAlert>
          <button type="button" className="button" onClick={() => load(null)}>
            Reintentar
          </button>
        </div>
      ) : state.items.length === 0 ? (
        <p className="feed-message">
          Todavía no has enviado ninguna anécdota. <Link to="/newpost">Publica la primera</Link>.
        </p>
      ) : (
        <>
          <ol className="feed" aria-label="Tus anécdotas, de la más nueva a la más antigua">
            {state.items.map((post) => (
              <li key={post.id}>
                <OwnPostCard post={post} onRemoved={markRemoved} />
              </li>
            ))}
          </ol>
          {state.status === 'error' && state.error && <ErrorAlert>{state.error}</ErrorAlert>}
          {state.nextCursor && (
            <div className="feed-more">
              <button
                type="button"
                className="button"
                onClick={() => load(state.nextCursor)}
                disabled={state.status === 'loadingMore'}
                aria-busy={state.status === 'loadingMore'}
              >
                {state.status === 'loadingMore' ? 'Cargando…' : 'Cargar más'}
              </button>
            </div>
          )}
        </>
      )}
    </section>
  );
}

/** One of the user's posts: its status in Spanish, its dates, its text, and «Eliminar» (asked twice). */
function OwnPostCard({ post, onRemoved }: { post: OwnPost; onRemoved: (id: string) => void }) {
  const api = useApi();
  const [step, setStep] = useState<'idle' | 'confirm' | 'deleting'>('idle');
  const [error, setError] = useState<string | null>(null);
  const status = STATUS_TEXT[post.status];

  async function remove() {
    setStep('deleting');
    setError(null);
    try {
      await api.deletePost(post.id);
      onRemoved(post.id);
      setStep('idle');
    } catch (failure) {
      setError(errorMessage(failure));
      setStep('confirm');
    }
  }

  return (
    <article className={`post-card own-post own-post--${post.status}`} aria-labelledby={`own-${post.id}-status`}>
      <h2 id={`own-${post.id}-status`} className="own-post__head">
        <span className={`status-badge status-badge--${post.status}`}>{status.label}</span>
        <span className="visually-hidden">: </span>
        <span className="own-post__hint">{status.hint}</span>
      </h2>
      <p className="post-card__details">
        <span className="tag">{post.category}</span>
        <span aria-hidden="true"> · </span>
        Enviada el <LocalTime iso={post.createdAt} />
        {post.publishedAt && (
          <>
            <span aria-hidden="true"> · </span>
            publicada el <LocalTime iso={post.publishedAt} />
          </>
        )}
      </p>
      <p className="post-card__text">{post.post}</p>
      {error && <ErrorAlert>{error}</ErrorAlert>}
      <div className="post-card__actions">
        {post.status === 'published' && <Link to={`/post/${encodeURIComponent(post.id)}`}>Ver en la web</Link>}
        {post.status !== 'removed' &&
          (step === 'idle' ? (
            <button type="button" className="link-button link-button--danger" onClick={() => setStep('confirm')}>
              Eliminar
            </button>
          ) : (
            <span className="confirm" role="group" aria-label="Confirmar la eliminación">
              <span>¿Eliminarla para siempre?</span>
              <button
                type="button"
                className="button button--small button--danger"
                onClick={() => void remove()}
                disabled={step === 'deleting'}
                aria-busy={step === 'deleting'}
              >
                {step === 'deleting' ? 'Eliminando…' : 'Sí, eliminar'}
              </button>
              <button type="button" className="link-button" onClick={() => setStep('idle')} disabled={step === 'deleting'}>
                Cancelar
              </button>
            </span>
          ))}
      </div>
    </article>
  );
}
