import { Link } from 'react-router-dom';
import { MAX_QUERY_LENGTH } from '@contract/searchLimits';

/**
 * The header's search box (on a wide screen): a plain GET form to `/buscar`, which the page function
 * renders with the results, so it works before the scripts load (and after: the browser loads the
 * results page). Its landmark is named, so it stays distinct from any other search on a page.
 */
export function SearchForm() {
  return (
    <form className="site-search" method="get" action="/buscar" role="search" aria-label="Buscar en Vaya día">
      <label htmlFor="site-search-q" className="visually-hidden">
        Buscar anécdotas
      </label>
      <input id="site-search-q" type="search" name="q" placeholder="Buscar…" maxLength={MAX_QUERY_LENGTH} required />
      <button type="submit" className="button button--small">
        Buscar
      </button>
    </form>
  );
}

/**
 * The phone header's search button: a link to `/buscar`, whose page has the search box (a box in a
 * 375 px header would leave no room for the rest). A link, so it works before the take-over too.
 */
export function SearchLink() {
  return (
    <Link className="header-button search-link" to="/buscar">
      <svg className="header-icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
        <circle cx="10.5" cy="10.5" r="6.5" stroke="currentColor" strokeWidth="2.2" fill="none" />
        <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
      </svg>
      <span className="visually-hidden">Buscar</span>
    </Link>
  );
}
