import { useEffect, useRef, useState } from 'react';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { Me } from '@contract/accounts';
import type { Notification } from '@contract/notifications';
import { REJECTION_REASON_LABELS } from '@contract/posts';
import { ErrorAlert } from '../../components/ErrorAlert';
import { LoadMoreList } from '../../components/LoadMoreList';
import { rereadAccount } from '../../lib/account';
import { errorMessage, useApi } from '../../lib/api';
import { formatAgo, formatDay, formatPostDate } from '../../lib/format';
import { queryKeys, type Pages } from '../../lib/queries';
import { useSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { usePagedList } from '../../lib/usePagedList';
import { PushSettings } from './PushSettings';

/** How often the «hace 5 min» of the lines is written again while the page is open. */
const CLOCK_TICK_MS = 30_000;

/** Now, moving every CLOCK_TICK_MS (the relative times and the day headings follow it). */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** The cached pages of «Avisos» with these ids read. */
function markedRead(data: Pages<Notification> | undefined, ids: ReadonlySet<string>): Pages<Notification> | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      items: page.items.map((notification) => (ids.has(notification.id) ? { ...notification, read: true } : notification)),
    })),
  };
}

/** The bell's count (`GET /me` in the cache) less `by`, at once: the server's answer follows. */
function lowerBell(client: QueryClient, who: string, by: number): void {
  client.setQueryData<Me>(queryKeys.me(who), (me) => (me ? { ...me, unreadNotifications: Math.max(0, me.unreadNotifications - by) } : me));
}

/**
 * `/avisos` (signed-in users): what happened to their anecdotes, newest first, grouped by day («Hoy»,
 * «Ayer», then the date), one line each — what happened, the anecdote's first words as a link to it (a
 * rejected one to «Mis anécdotas», where it can be edited and sent again) and how long ago — and
 * «Cargar más». What the page shows is marked read as it is shown: the lines and the bell's count
 * change at once in the cache, `POST /me/notifications/read` names them, and `GET /me` is read again
 * once it has answered. The ones that were unread when opened keep their «Nuevo» for this visit.
 */
export default function NotificationsPage() {
  useDocumentTitle('Avisos');
  const api = useApi();
  const client = useQueryClient();
  const who = useSession();
  const now = useNow();
  const list = usePagedList<Notification>(queryKeys.notifications, (cursor, signal) =>
    api.call('notifications.list', { query: { cursor } }, { signal }),
  );
  const [error, setError] = useState<string | null>(null);
  /** Unread when shown: marked read (once each), and still said to be new on this visit. */
  const [fresh] = useState(() => new Set<string>());
  const sent = useRef(new Set<string>());
  const markRead = useMutation({
    mutationFn: (ids: string[]) => api.call('notifications.markRead', { body: { ids } }),
    onMutate: async (ids) => {
      await client.cancelQueries({ queryKey: queryKeys.notifications });
      const read = new Set(ids);
      client.setQueryData<Pages<Notification>>(queryKeys.notifications, (data) => markedRead(data, read));
      if (typeof who === 'string') lowerBell(client, who, ids.length);
    },
    onError: (failure) => setError(`No hemos podido marcar tus avisos como leídos: ${errorMessage(failure)}`),
    // The server's count and list, whatever happened (another device may have read or added some).
    onSettled: async () => {
      await Promise.all([rereadAccount(client), client.invalidateQueries({ queryKey: queryKeys.notifications })]);
    },
  });
  const { mutate } = markRead;

  useEffect(() => {
    const unread = list.items.filter((notification) => !notification.read && !sent.current.has(notification.id)).map(({ id }) => id);
    if (unread.length === 0) return;
    for (const id of unread) {
      sent.current.add(id);
      fresh.add(id);
    }
    setError(null);
    // One request names at most 100 (the contract's MAX_READ_IDS); a page holds fewer.
    for (let start = 0; start < unread.length; start += 100) mutate(unread.slice(start, start + 100));
  }, [list.items, mutate, fresh]);

  return (
    <section className="wide" aria-labelledby="notifications-title">
      <h1 id="notifications-title">Avisos</h1>
      <p className="page-intro">
        Lo que pasa con tus anécdotas y tus comentarios: cuándo se publican o no, quién las comenta, quién te responde o te menciona y
        cuándo entran en el Top del día.
      </p>
      <PushSettings />
      {error && <ErrorAlert>{error}</ErrorAlert>}
      <LoadMoreList
        list={list}
        className="notifications"
        skeleton="line"
        label="Tus avisos, del más nuevo al más antiguo"
        loadingLabel="Cargando tus avisos…"
        empty="Todavía no tienes avisos. Cuando publiquen, comenten o rechacen una de tus anécdotas, te lo contaremos aquí."
        groupBy={(notification) => formatDay(notification.createdAt, now)}
        renderItem={(notification) => (
          <li className={fresh.has(notification.id) ? 'notification notification--fresh' : 'notification'}>
            <NotificationLine notification={notification} fresh={fresh.has(notification.id)} now={now} />
          </li>
        )}
      />
    </section>
  );
}

/** What happened, before the link to the anecdote. */
function whatHappened(notification: Notification): string {
  switch (notification.type) {
    case 'post.published':
      return 'Se ha publicado';
    case 'post.rejected':
      return `No se ha publicado (${REJECTION_REASON_LABELS[notification.reason]})`;
    case 'comment.created':
      return notification.count === 1
        ? `${notification.name} ha comentado`
        : `${notification.count} comentarios nuevos, el último de ${notification.name}, en`;
    case 'post.top':
      return 'Ha entrado en el Top 10 del día';
    case 'comment.mention':
      return `${notification.name} te ha mencionado en un comentario sobre`;
    case 'comment.reply':
      return `${notification.name} ha respondido a tu comentario en`;
    case 'appeal.decided':
      return notification.decision === 'lift' ? 'Hemos aceptado tu recurso' : 'Hemos rechazado tu recurso';
  }
}

/**
 * Whether the notice may be about someone else's anecdote: a reply or a mention can be under any post (the
 * API gives the first words of one's own posts only).
 */
function aboutOthers(notification: Notification): boolean {
  return notification.type === 'comment.mention' || notification.type === 'comment.reply';
}

/**
 * One notification on one line: what happened, the anecdote's first words as a link (a rejected one
 * leads to «Mis anécdotas», to be edited and sent again), and how long ago, the full date as its title.
 */
export function NotificationLine({ notification, fresh = false, now }: { notification: Notification; fresh?: boolean; now: Date }) {
  if (notification.type === 'appeal.decided') return <AppealLine notification={notification} fresh={fresh} now={now} />;
  const to = notification.type === 'post.rejected' ? '/mis-anecdotas' : `/post/${encodeURIComponent(notification.postId)}`;
  return (
    <p className="notification__line">
      {fresh && <span className="notification__fresh">Nuevo</span>}
      <span className="notification__what">{whatHappened(notification)}</span>{' '}
      <Link className="notification__post" to={to}>
        {notification.excerpt ? `«${notification.excerpt}»` : aboutOthers(notification) ? 'una anécdota' : 'tu anécdota'}
      </Link>{' '}
      <time className="notification__when" dateTime={notification.createdAt} title={formatPostDate(notification.createdAt)}>
        {formatAgo(notification.createdAt, now)}
      </time>
    </p>
  );
}

/**
 * The answer to the reader's appeal against a suspension: lifted (they may write again) or upheld, with
 * the moderator's reply as plain text. It is about no anecdote, so it links nowhere.
 */
function AppealLine({
  notification,
  fresh,
  now,
}: {
  notification: Extract<Notification, { type: 'appeal.decided' }>;
  fresh: boolean;
  now: Date;
}) {
  const lifted = notification.decision === 'lift';
  return (
    <p className="notification__line">
      {fresh && <span className="notification__fresh">Nuevo</span>}
      <span className="notification__what">{whatHappened(notification)}</span>{' '}
      <span className="notification__appeal">
        {lifted ? 'Tu suspensión se ha levantado: ya puedes volver a escribir.' : 'La suspensión sigue.'} Respuesta: «{notification.reply}»
      </span>{' '}
      <time className="notification__when" dateTime={notification.createdAt} title={formatPostDate(notification.createdAt)}>
        {formatAgo(notification.createdAt, now)}
      </time>
    </p>
  );
}
