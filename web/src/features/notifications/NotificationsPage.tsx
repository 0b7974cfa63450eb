import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { Notification } from '@contract/notifications';
import { REJECTION_REASON_LABELS } from '@contract/posts';
import { ErrorAlert } from '../../components/ErrorAlert';
import { LoadMoreList } from '../../components/LoadMoreList';
import { LocalTime } from '../../components/LocalTime';
import { errorMessage, useApi } from '../../lib/api';
import { queryKeys } from '../../lib/queries';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { usePagedList } from '../../lib/usePagedList';
import { PushSettings } from './PushSettings';

/**
 * `/avisos` (signed-in users): what happened to their anecdotes, newest first, each linking to its
 * post (a rejected one to «Mis anécdotas», where it can be edited and sent again), «Cargar más», and
 * «Marcar todo como leído». `onRead` is told when they were marked read (the bell reads its count again).
 */
export default function NotificationsPage({ onRead }: { onRead?: () => void }) {
  useDocumentTitle('Avisos');
  const api = useApi();
  const client = useQueryClient();
  const list = usePagedList<Notification>(queryKeys.notifications, (cursor, signal) =>
    api.call('notifications.list', { query: { cursor } }, { signal }),
  );
  const [error, setError] = useState<string | null>(null);
  const unread = list.items.some((notification) => !notification.read);
  const markRead = useMutation({
    mutationFn: () => api.call('notifications.markRead', { body: {} }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: queryKeys.notifications });
      onRead?.();
    },
    onError: (failure) => setError(errorMessage(failure)),
  });
  const busy = markRead.isPending;

  function markAll() {
    setError(null);
    markRead.mutate();
  }

  return (
    <section className="wide" aria-labelledby="notifications-title">
      <h1 id="notifications-title">Avisos</h1>
      <p className="page-intro">
        Lo que pasa con tus anécdotas: cuándo se publican o no, quién las comenta y cuándo entran en el Top del día.
      </p>
      <PushSettings />
      {list.status === 'success' && list.items.length > 0 && (
        <p>
          <button type="button" className="button button--small" onClick={markAll} disabled={busy || !unread} aria-busy={busy}>
            Marcar todo como leído
          </button>
        </p>
      )}
      {error && <ErrorAlert>{error}</ErrorAlert>}
      <LoadMoreList
        list={list}
        label="Tus avisos, del más nuevo al más antiguo"
        loadingLabel="Cargando tus avisos…"
        empty="Todavía no tienes avisos. Cuando publiquen, comenten o rechacen una de tus anécdotas, te lo contaremos aquí."
        getKey={(notification) => notification.id}
        renderItem={(notification) => (
          <li className={notification.read ? 'notification' : 'notification notification--unread'}>
            <NotificationLine notification={notification} />
          </li>
        )}
      />
    </section>
  );
}

/** One notification in words, its time, and where it leads. */
export function NotificationLine({ notification }: { notification: Notification }) {
  const post = `/post/${encodeURIComponent(notification.postId)}`;
  return (
    <p>
      {!notification.read && <span className="visually-hidden">Sin leer: </span>}
      {notification.type === 'post.published' && (
        <>
          Tu anécdota se ha publicado. <Link to={post}>Ver la anécdota</Link>
        </>
      )}
      {notification.type === 'post.rejected' && (
        <>
          Tu anécdota no se ha publicado. Motivo: {REJECTION_REASON_LABELS[notification.reason]}.{' '}
          <Link to="/mis-anecdotas">Editar y reenviar en Mis anécdotas</Link>
        </>
      )}
      {notification.type === 'comment.created' && (
        <>
          {notification.count === 1
            ? `${notification.name} ha comentado tu anécdota.`
            : `${notification.count} comentarios nuevos en tu anécdota; el último, de ${notification.name}.`}{' '}
          <Link to={post}>Ver los comentarios</Link>
        </>
      )}
      {notification.type === 'post.top' && (
        <>
          Tu anécdota ha entrado en el Top 10 del día. <Link to={post}>Ver la anécdota</Link>
        </>
      )}{' '}
      <LocalTime iso={notification.createdAt} />
    </p>
  );
}
