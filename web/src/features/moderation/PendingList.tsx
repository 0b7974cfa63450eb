import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { REJECTION_REASON_LABELS, REJECTION_REASONS, type PendingPost, type RejectionReason } from '@contract/moderation';
import { ErrorAlert } from '../../components/ErrorAlert';
import { LoadMoreList } from '../../components/LoadMoreList';
import { LocalTime } from '../../components/LocalTime';
import { errorMessage, useApi } from '../../lib/api';
import { usePagedList } from '../../lib/usePagedList';

/** Dropped with the rest of the account's lists when who is signed in changes. */
const PENDING_KEY = ['account', 'moderation', 'pending'] as const;

/**
 * For moderators on /moderar: every pending post, oldest first («Cargar más» for the rest), each to
 * publish or reject at once (with a reason) — any of them, not only the one the queue shows.
 */
export function PendingList() {
  const api = useApi();
  const list = usePagedList<PendingPost>(PENDING_KEY, (cursor, signal) =>
    api.call('moderation.pending', { query: { cursor } }, { signal }),
  );
  return (
    <section aria-labelledby="pending-list-title" className="reported">
      <h2 id="pending-list-title">Todas las pendientes</h2>
      <p className="page-intro">Las que esperan votos, de la más antigua a la más nueva. Decide cualquiera sin pasar por las demás.</p>
      <LoadMoreList
        list={list}
        label="Anécdotas pendientes, de la más antigua a la más nueva"
        loadingLabel="Cargando las pendientes…"
        empty="No hay anécdotas pendientes."
        renderItem={(post) => (
          <li>
            <PendingItem post={post} />
          </li>
        )}
      />
    </section>
  );
}

function PendingItem({ post }: { post: PendingPost }) {
  const api = useApi();
  const [reason, setReason] = useState<RejectionReason>('otro');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const decision = useMutation({
    mutationFn: (choice: 'publish' | 'reject') =>
      api.call('moderation.decide', {
        params: { id: post.id },
        body: choice === 'reject' ? { decision: 'reject', reason } : { decision: 'publish' },
      }),
    onSuccess: (result) => setDone(result.status === 'published' ? 'Publicada.' : `Rechazada: ${REJECTION_REASON_LABELS[reason]}.`),
    onError: (failure) => setError(errorMessage(failure)),
    onSettled: () => setBusy(false),
  });

  function decide(choice: 'publish' | 'reject') {
    setBusy(true);
    setError(null);
    decision.mutate(choice);
  }

  return (
    <article className="post-card" aria-labelledby={`pending-${post.id}`} aria-busy={busy}>
      <h3 id={`pending-${post.id}`} className="post-card__details">
        <span className="tag">{post.category}</span>
        <span aria-hidden="true"> · </span>
        enviada el <LocalTime iso={post.createdAt} />
      </h3>
      <p className="post-card__text">{post.post}</p>
      {error && <ErrorAlert>{error}</ErrorAlert>}
      <div className="post-card__actions">
        {done ? (
          <span role="status">{done}</span>
        ) : (
          <>
            <button type="button" className="button button--small" disabled={busy} onClick={() => decide('publish')}>
              Publicar
            </button>
            <label className="resend-form">
              <span className="visually-hidden">Motivo del rechazo</span>
              <select value={reason} onChange={(event) => setReason(event.target.value as RejectionReason)} disabled={busy}>
                {REJECTION_REASONS.map((value) => (
                  <option key={value} value={value}>
                    {REJECTION_REASON_LABELS[value]}
                  </option>
                ))}
              </select>
            </label>
            <button type="button" className="button button--small button--danger" disabled={busy} onClick={() => decide('reject')}>
              Rechazar
            </button>
          </>
        )}
      </div>
    </article>
  );
}
