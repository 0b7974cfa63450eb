import { MAX_QUERY_LENGTH } from '@contract/searchLimits';

/**
 * The header's search box: a plain GET form to `/buscar`, which the page function renders with the
 * results, so it works before the scripts load (and after: the browser loads the results page).
 */
export function SearchForm() {
  return (
    <form className="site-search" method="get" action="/buscar" role="search">
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
