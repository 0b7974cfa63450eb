import { lazy, Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { PageSpinner } from '../components/PageSpinner';
import { useAccount } from '../lib/account';
import { Header } from './Header';

const NamePrompt = lazy(() => import('../features/account/NamePrompt'));

/** Pages where the apodo prompt would get in the way (registration sets the apodo itself). */
const NO_NAME_PROMPT = new Set(['/register', '/login', '/cuenta']);

/** Skip link, header, the page, and a footer with what the site is. */
export function Layout() {
  const { pathname } = useLocation();
  const main = useRef<HTMLElement>(null);
  const firstPage = useRef(true);
  const account = useAccount();
  const askForName = account.state.status === 'ready' && account.state.me.name === null && !NO_NAME_PROMPT.has(pathname);

  // After an in-app navigation, start the new page at its top and move focus there, as a full page
  // load would (screen readers then read the new page, keyboard users continue from it).
  useEffect(() => {
    if (firstPage.current) {
      firstPage.current = false;
      return;
    }
    window.scrollTo(0, 0);
    main.current?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <>
      <a className="skip-link" href="#main">
        Saltar al contenido
      </a>
      <Header />
      <main id="main" ref={main} className="site-main" tabIndex={-1}>
        {askForName && (
          <Suspense fallback={null}>
            <NamePrompt />
          </Suspense>
        )}
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <footer className="site-footer">
        <p>
          Vaya día es un clon de una web española de anécdotas de días malos, al estilo de Asco de Vida, <span lang="en">FML</span> y{' '}
          <span lang="fr">Vie de merde</span>.
        </p>
      </footer>
    </>
  );
}
