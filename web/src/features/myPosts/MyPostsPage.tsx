import { useCallback, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { REJECTION_REASON_LABELS, type OwnPost } from '@contract/posts';
import { ErrorAlert } from '../../components/ErrorAlert';
import { LoadMoreList } from '../../components/LoadMoreList';
import { errorMessage, useApi } from '../../lib/api';
import { LocalTime } from '../../components/LocalTime';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { queryKeys, type Pages } from '../../lib/queries';
import { usePagedList } from '../../lib/usePagedList';
import { ResendForm } from './ResendForm';
import { STATUS_TEXT } from './status';

/** `/mis-anecdotas` (signed-in users): every post the user sent, newest first, with its status and a delete button. */
export default function MyPostsPage() {
  useDocumentTitle('Mis anécdotas');
  const api = useApi();
  const client = useQueryClient();
  const posts = usePagedList<OwnPost>(queryKeys.myPosts, (cursor, signal) => api.call('posts.mine', { query: { cursor } }, { signal }));

  /** Replaces one post in the cached pages (after a delete or a resend). */
  const update = useCallback(
    (id: string, change: (post: OwnPost) => OwnPost) =>
      client.setQueryData<Pages<OwnPost>>(
        queryKeys.myPosts,
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((page) => ({ ...page, items: page.items.map((post) => (post.id === id ? change(post) : post)) })),
          },
      ),
    [client],
  );
  const markRemoved = useCallback((id: string) => update(id, (post) => ({ ...post, status: 'removed' as const })), [update]);
  const replace = useCallback((resent: OwnPost) => update(resent.id, () => resent), [update]);

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
        renderItem={(post) => (
          <li>
            <OwnPostCard post={post} onRemoved={markRemoved} onResent={replace} />
          </li>
        )}
      />
    </section>
  );
}

/**
 * One of the user's posts: its status in Spanish, its dates, its text, «Eliminar» (asked twice) and,
 * while rejected, why in words and «Editar y reenviar» (once).
 */
function OwnPostCard({ post, onRemoved, onResent }: { post: OwnPost; onRemoved: (id: string) => void; onResent: (post: OwnPost) => void }) {
  const api = useApi();
  const [step, setStep] = useState<'idle' | 'confirm' | 'deleting'>('idle');
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const status = STATUS_TEXT[post.status];

  const deletion = useMutation({
    mutationFn: () => api.call('posts.remove', { params: { id: post.id } }),
    onSuccess: () => {
      onRemoved(post.id);
      setStep('idle');
    },
    onError: (failure) => {
      setError(errorMessage(failure));
      setStep('confirm');
    },
  });

  function remove() {
    setStep('deleting');
    setError(null);
    deletion.mutate();
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
      {post.rejection && (
        <p className="own-post__reason">
          Motivo del rechazo: <strong>{REJECTION_REASON_LABELS[post.rejection.reason]}</strong>.
          {post.resent && ' Ya la reenviaste una vez, así que no se puede volver a reenviar.'}
        </p>
      )}
      {post.resent && post.status !== 'rejected' && <p className="own-post__reason">Editada y reenviada.</p>}
      {editing ? (
        <ResendForm
          post={post}
          onCancel={() => setEditing(false)}
          onResent={(resent) => {
            setEditing(false);
            onResent(resent);
          }}
        />
      ) : (
        <p className="post-card__text">{post.post}</p>
      )}
      {error && <ErrorAlert>{error}</ErrorAlert>}
      <div className="post-card__actions">
        {post.status === 'rejected' && !post.resent && !editing && (
          <button type="button" className="link-button" onClick={() => setEditing(true)}>
            Editar y reenviar
          </button>
        )}
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
                onClick={remove}
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
