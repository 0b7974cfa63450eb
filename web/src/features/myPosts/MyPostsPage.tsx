import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { OwnPost } from '@contract/posts';
import { ErrorAlert } from '../../components/ErrorAlert';
import { LoadMoreList } from '../../components/LoadMoreList';
import { errorMessage, useApi } from '../../lib/api';
import { LocalTime } from '../../components/LocalTime';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { queryKeys, type Pages } from '../../lib/queries';
import { usePagedList } from '../../lib/usePagedList';
import { STATUS_TEXT } from './status';

/** `/mis-anecdotas` (signed-in users): every post the user sent, newest first, with its status and a delete button. */
export default function MyPostsPage() {
  useDocumentTitle('Mis anécdotas');
  const api = useApi();
  const client = useQueryClient();
  const posts = usePagedList<OwnPost>(queryKeys.myPosts, (cursor, signal) => api.myPosts({ cursor, signal }));

  const markRemoved = useCallback(
    (id: string) =>
      client.setQueryData<Pages<OwnPost>>(
        queryKeys.myPosts,
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              items: page.items.map((post) => (post.id === id ? { ...post, status: 'removed' as const } : post)),
            })),
          },
      ),
    [client],
  );

  return (
    <section className="wide" aria-labelledby="my-posts-title">
      <h1 id="my-posts-title">Mis anécdotas</h1>
      <p className="page-intro">
        Todo lo que has enviado, de lo más nuevo a lo más antiguo. Cada anécdota pasa por moderación antes de llegar a portada.
      </p>
      <LoadMoreList
        list={posts}
        label="Tus anécdotas, de la más nueva a la más antigua"
        loadingLabel="Cargando tus anécdotas…"
        empty={
          <>
            Todavía no has enviado ninguna anécdota. <Link to="/newpost">Publica la primera</Link>.
          </>
        }
        getKey={(post) => post.id}
        renderItem={(post) => (
          <li>
            <OwnPostCard post={post} onRemoved={markRemoved} />
          </li>
        )}
      />
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
