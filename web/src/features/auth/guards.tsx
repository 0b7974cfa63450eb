import type { ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { nextFromSearch, useSignInHref } from '../../lib/nextPath';
import { PageSpinner } from '../../components/PageSpinner';
import { useAuth } from './context';

/** Renders its children for signed-in users; sends others to /login, which brings them back here; a spinner while auth loads. */
export function RequireSignedIn({ children }: { children: ReactNode }) {
  const { state } = useAuth();
  const signIn = useSignInHref();
  if (state.status === 'loading') return <PageSpinner label="Comprobando tu sesión…" />;
  if (state.status === 'signedOut') return <Navigate to={signIn} replace />;
  return children;
}

/** Renders its children for signed-out visitors; sends signed-in users where `?next=` says (a path of this site), else to /. */
export function RequireSignedOut({ children }: { children: ReactNode }) {
  const { state } = useAuth();
  const { search } = useLocation();
  if (state.status === 'loading') return <PageSpinner label="Comprobando tu sesión…" />;
  if (state.status === 'signedIn') return <Navigate to={nextFromSearch(search)} replace />;
  return children;
}

/**
 * Renders its children for moderators (the `moderadores` group, as the token says); sends signed-out
 * visitors to /login and tells other signed-in users the page is not theirs (the API would answer 403).
 */
export function RequireModerator({ children }: { children: ReactNode }) {
  const { state } = useAuth();
  const signIn = useSignInHref();
  if (state.status === 'loading') return <PageSpinner label="Comprobando tu sesión…" />;
  if (state.status === 'signedOut') return <Navigate to={signIn} replace />;
  if (state.user.moderator !== true) {
    return (
      <section className="narrow notice">
        <h1>Solo para moderación</h1>
        <p>Esta página es del equipo de moderación. Puedes echar una mano votando las anécdotas pendientes.</p>
        <p>
          <Link to="/moderar">Ir a Moderar</Link>
        </p>
      </section>
    );
  }
  return children;
}
