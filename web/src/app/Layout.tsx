import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { PageSpinner } from '../components/PageSpinner';
import { Header } from './Header';

/** Skip link, header, the page, and a footer with what the site is. */
export function Layout() {
  return (
    <>
      <a className="skip-link" href="#main">
        Saltar al contenido
      </a>
      <Header />
      <main id="main" className="site-main" tabIndex={-1}>
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <footer className="site-footer">
        <p>
          Vaya día es un clon de una web española de anécdotas de días malos, al estilo de Asco de Vida,{' '}
          <span lang="en">FML</span> y <span lang="fr">Vie de merde</span>.
        </p>
      </footer>
    </>
  );
}
