import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { PageSpinner } from '../../components/PageSpinner';
import { useAuth } from './context';

/** Renders its children for signed-in users; sends others to /login; a spinner while auth loads. */
export function RequireSignedIn({ children }: { children: ReactNode }) {
  const { state } = useAuth();
  if (state.status === 'loading') return <PageSpinner label="Comprobando tu sesión…" />;
  if (state.status === 'signedOut') return <Navigate to="/login" replace />;
  return children;
}

/** Renders its children for signed-out visitors; sends signed-in users to /. */
export function RequireSignedOut({ children }: { children: ReactNode }) {
  const { state } = useAuth();
  if (state.status === 'loading') return <PageSpinner label="Comprobando tu sesión…" />;
  if (state.status === 'signedIn') return <Navigate to="/" replace />;
  return children;
}
