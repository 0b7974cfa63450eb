import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { NavLink } from 'react-router-dom';
import { useAuth } from '../features/auth/context';
import { connectLive } from '../features/live/connect';
import { useAccount } from '../lib/account';
import { useConfig } from '../lib/config';
import { queryKeys } from '../lib/queries';

/** What the bell shows: the count, «9+» past nine. */
export function bellCount(unread: number): string {
  return unread > 9 ? '9+' : String(unread);
}

/** What a screen reader is told of the count. */
function spoken(unread: number): string {
  if (unread === 0) return 'No tienes avisos sin leer';
  if (unread > 9) return 'Tienes más de nueve avisos sin leer';
  return unread === 1 ? 'Tienes 1 aviso sin leer' : `Tienes ${unread} avisos sin leer`;
}

/**
 * The header's bell (signed-in users): a link to «Avisos» with the unread count of `GET /me`, kept
 * live by a socket opened with the account's ID token (`?token=`, asked again before every
 * reconnection, so a refreshed token is the one sent): each `notification.created`, and each time the
 * socket opens, reads the count and the list again. The count is announced politely, and only when it changes.
 */
export function NotificationBell() {
  const { state: auth, service } = useAuth();
  const account = useAccount();
  const config = useConfig();
  const client = useQueryClient();
  const signedIn = auth.status === 'signedIn';
  const unread = account.state.status === 'ready' ? account.state.me.unreadNotifications : 0;
  const reload = useRef(() => account.reload());
  useEffect(() => {
    reload.current = () => account.reload();
  });
  const who = signedIn ? auth.user.displayName : null;

  useEffect(() => {
    if (who === null) return undefined;
    const refresh = () => {
      void reload.current();
      // A read of «Avisos» under way is kept, not dropped and asked again: on /avisos the socket opens
      // while the list's first read is in flight, and starting it over delayed the page.
      void client.invalidateQueries({ queryKey: queryKeys.notifications }, { cancelRefetch: false });
    };
    return connectLive({
      url: config.wsUrl,
      resolveUrl: async () => {
        const token = await (await service()).getIdToken();
        if (!token) throw new Error('no token');
        const url = new URL(config.wsUrl);
        url.searchParams.set('token', token);
        return url.toString();
      },
      onNotification: refresh,
      onPublished: () => undefined,
      onRemoved: () => undefined,
      // Every time the socket opens, the first time included: a notification that arrived after
      // GET /me was read and before the socket first opened (it opens after the take-over), or while
      // it was down, reached no socket.
      onStatus: (status) => {
        if (status === 'open') refresh();
      },
      onReconnect: () => undefined,
    });
  }, [who, config.wsUrl, service, client]);

  if (!signedIn) return null;
  return (
    <>
      {/* The link's name is its own visible words («Avisos 3 sin leer»), so speech input finds it by them
          (axe: label-content-name-mismatch); the live region below says the count politely when it changes.
          On a phone the word gives way to a bell (styles.css, "Phone header"): the name stays the same. */}
      <NavLink className="site-nav__item notification-bell" to="/avisos">
        <svg
          className="header-icon notification-bell__icon"
          viewBox="0 0 24 24"
          width="24"
          height="24"
          aria-hidden="true"
          focusable="false"
        >
          <path
            d="M6 17V11a6 6 0 0 1 12 0v6l1.5 2h-15L6 17Zm4 3.5a2 2 0 0 0 4 0"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinejoin="round"
            fill="none"
          />
        </svg>
        <span className="notification-bell__label">Avisos</span>
        {unread > 0 && (
          <span className="notification-bell__count">
            {bellCount(unread)}
            <span className="visually-hidden"> sin leer</span>
          </span>
        )}
      </NavLink>
      <span className="visually-hidden" aria-live="polite">
        {account.state.status === 'ready' ? spoken(unread) : ''}
      </span>
    </>
  );
}
