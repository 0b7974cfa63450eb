import { useState, type MouseEvent } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { ANONYMOUS_NAME } from '@contract/accountRules';
import { DOCUMENT_PATHS } from '@contract/documents';
import { useHere, signInHref } from '../lib/nextPath';
import { errorMessage, useApi } from '../lib/api';
import { useAuth } from '../features/auth/context';
import { Spinner } from '../components/Spinner';
import { SuspensionNotice } from '../components/SuspensionNotice';
import { useAccount } from '../lib/account';
import { AccountMenu } from './AccountMenu';
import { NotificationBell } from './NotificationBell';
import { SearchForm, SearchLink } from './SearchForm';

/**
 * The header of every page: logo, who is signed in, Login/Register or Logout, and the navigation.
 * Everything in it works before the app's scripts run: «Aleatorio» is a link to the page function's
 * `/aleatorio` (a redirect to a random post), which the app, once running, opens without a reload;
 * Login and Register are links (returning to this page after sign-in) while the session loads too.
 *
 * On a phone (styles.css, "Phone header") it is one row — logo, a search button, the bell, the apodo
 * and a menu button — and the navigation becomes a bar fixed at the bottom of the screen, as in the
 * genre's apps: «Publicar», «Moderar», «Top» and «Aleatorio» are plain links there, so they work
 * before the take-over, under the thumb; what only a signed-in person has («Mis anécdotas»,
 * «Guardadas», «Mi cuenta», Logout) is in the account menu, one tap away; the bell stays in the row.
 * The desktop shows it all in the header as before; the menu's copies are hidden there by CSS, so
 * only one of each is ever in the accessibility tree.
 */
export function Header() {
  const { state, signOut, signOutError, redirectError } = useAuth();
  const api = useApi();
  const navigate = useNavigate();
  const here = useHere();
  const [randomBusy, setRandomBusy] = useState(false);
  const [randomError, setRandomError] = useState<string | null>(null);
  // /buscar has its box in the page: a phone's search button would lead to the page it is on.
  const onSearchPage = useLocation().pathname === '/buscar';

  async function openRandom(event: MouseEvent<HTMLAnchorElement>) {
    // A new tab or window (modifier keys, middle button) gets the document's redirect.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (randomBusy) return;
    setRandomBusy(true);
    setRandomError(null);
    try {
      const post = await api.call('posts.random');
      void navigate(`/post/${encodeURIComponent(post.id)}`, { state: { post } });
    } catch (error) {
      setRandomError(errorMessage(error));
    } finally {
      setRandomBusy(false);
    }
  }

  const message = signOutError ?? redirectError ?? randomError;
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <div className="brand">
          <Link to="/" className="brand__logo" aria-label="Vaya día, ir a la portada">
            ¡Vaya día!
          </Link>
          <p className="brand__tagline">Un clon de la web española de anécdotas de días malos</p>
        </div>
        <nav className="site-nav" aria-label="Principal">
          <ul>
            <li>
              <Link className="site-nav__item site-nav__item--primary" to="/newpost">
                Publicar
              </Link>
            </li>
            <li>
              <NavLink className="site-nav__item" to="/moderar">
                Moderar
              </NavLink>
            </li>
            <li>
              <NavLink className="site-nav__item" to="/top">
                Top
              </NavLink>
            </li>
            <li>
              <a className="site-nav__item" href={DOCUMENT_PATHS.random} onClick={(event) => void openRandom(event)} aria-busy={randomBusy}>
                Aleatorio
              </a>
            </li>
            {/* Only on a wide screen: on a phone they are in the account menu. */}
            {state.status === 'signedIn' && (
              <li className="site-nav__wide">
                <NavLink className="site-nav__item" to="/mis-anecdotas">
                  Mis anécdotas
                </NavLink>
              </li>
            )}
            {state.status === 'signedIn' && (
              <li className="site-nav__wide">
                <NavLink className="site-nav__item" to="/guardadas">
                  Guardadas
                </NavLink>
              </li>
            )}
          </ul>
        </nav>
        {state.status === 'signedIn' && (
          <div className="site-header__bell">
            <NotificationBell />
          </div>
        )}
        <SearchForm />
        {!onSearchPage && <SearchLink />}
        <div className="account" aria-live="polite">
          {state.status === 'signedIn' ? (
            <>
              <AccountName />
              <button type="button" className="button button--small account__logout" onClick={() => void signOut()}>
                Logout
              </button>
              <AccountMenu onSignOut={() => void signOut()} />
            </>
          ) : (
            // While the session loads (and in the server's HTML) these are links already: a signed-in
            // reader who follows one is sent back here by the sign-in page.
            <>
              {state.status === 'loading' ? <Spinner label="Cargando tu sesión" /> : <span className="account__name">Anonimo</span>}
              <Link className="button button--small" to={signInHref('/login', here)}>
                Login
              </Link>
              <Link className="button button--small button--primary" to={signInHref('/register', here)}>
                Register
              </Link>
            </>
          )}
        </div>
      </div>
      {message && (
        <div className="site-header__message" role="alert">
          {message}
        </div>
      )}
      <SuspensionNotice variant="header" />
    </header>
  );
}

/** The signed-in person's apodo («Anonimo» until they choose one), linking to «Mi cuenta». */
function AccountName() {
  const { state } = useAccount();
  if (state.status === 'loading' || state.status === 'none') return <Spinner label="Cargando tu apodo" />;
  const name = state.status === 'ready' ? (state.me.name ?? ANONYMOUS_NAME) : 'Mi cuenta';
  return (
    <Link className="account__name" to="/cuenta" title={`${name}: mi cuenta`}>
      {name}
    </Link>
  );
}
