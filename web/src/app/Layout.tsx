import { DOCUMENT_PATHS, LEGAL_PATHS } from '@contract/documents';
import { Suspense, useEffect, useLayoutEffect, useRef, type ComponentType } from 'react';
import { Link, NavigationType, Outlet, useLocation, useNavigationType } from 'react-router-dom';
import { Announcements } from '../components/Announcements';
import { OfflineNotice } from '../components/OfflineNotice';
import { PageSpinner } from '../components/PageSpinner';
import { useAccount } from '../lib/account';
import { FirstVisitNote } from './FirstVisitNote';
import { Header } from './Header';
import { IntentOffer, useClaimPendingName, useReturnAfterSignIn, useTapReplay } from './KeptIntents';

/** Pages where the apodo prompt would get in the way (registration sets the apodo itself). */
const NO_NAME_PROMPT = new Set(['/register', '/login', '/cuenta']);

/**
 * Skip link (the first thing a Tab reaches, to the page's content), header, the page, and a footer with
 * what the site is and its links: «Privacidad», «Aviso legal», the RSS feed. `NamePrompt` (the browser's, lazily
 * loaded: ./ClientRoutes.tsx) asks a signed-in account without an apodo for one; the server has none to ask.
 */
export function Layout({ NamePrompt }: { NamePrompt?: ComponentType }) {
  const { pathname, key } = useLocation();
  const navigationType = useNavigationType();
  const main = useRef<HTMLElement>(null);
  const firstPage = useRef(true);
  // Where each page of the history was scrolled to (by the history entry's key), so «atrás» lands there.
  const scrolledTo = useRef(new Map<string, number>());
  const account = useAccount();
  useTapReplay();
  useReturnAfterSignIn();
  const claimingName = useClaimPendingName();
  const askForName = account.state.status === 'ready' && account.state.me.name === null && !claimingName && !NO_NAME_PROMPT.has(pathname);

  const keyRef = useRef(key);
  useEffect(() => {
    // The app puts the page back itself: the browser would try before the page is rendered.
    if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
    const remember = () => scrolledTo.current.set(keyRef.current, window.scrollY);
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, []);

  // After an in-app navigation, start the new page at its top and move focus there, as a full page
  // load would (screen readers then read the new page, keyboard users continue from it). Going back
  // or forward returns to where that page was left: its lists come from the cache, already whole.
  useLayoutEffect(() => {
    if (firstPage.current) {
      firstPage.current = false;
      return;
    }
    const saved = navigationType === NavigationType.Pop ? scrolledTo.current.get(key) : undefined;
    window.scrollTo(0, saved ?? 0);
    main.current?.focus({ preventScroll: true });
    // Another page (not another tab of the same page, nor a re-render) is what moves it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);
  // After the page moved: scrolling from here on is this history entry's.
  useLayoutEffect(() => {
    keyRef.current = key;
  }, [key]);

  return (
    <>
      <a className="skip-link" href="#main">
        Saltar al contenido
      </a>
      <Header />
      <Announcements />
      <main id="main" ref={main} className="site-main" tabIndex={-1}>
        <FirstVisitNote />
        <IntentOffer />
        <OfflineNotice />
        {askForName && NamePrompt && (
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
        <nav aria-label="Sobre el sitio">
          <ul className="site-footer__links">
            <li>
              <Link to={LEGAL_PATHS.privacy}>Privacidad</Link>
            </li>
            <li>
              <Link to={LEGAL_PATHS.legalNotice}>Aviso legal</Link>
            </li>
            <li>
              <a href={DOCUMENT_PATHS.rss} type="application/rss+xml">
                RSS de las últimas anécdotas
              </a>
            </li>
          </ul>
        </nav>
      </footer>
    </>
  );
}
