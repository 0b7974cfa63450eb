import { useCallback, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { DEFAULT_PAGE_SIZE } from '@contract/common';
import { PAGE_TITLES } from '@contract/documents';
import type { Post } from '@contract/posts';
import { CATEGORIES, isCategory } from '@contract/categories';
import { MAX_QUERY_LENGTH, queryTerms, searchPath } from '@contract/search';
import { HighlightedText } from '../../components/HighlightedText';
import { useApi } from '../../lib/api';
import { queryKeys } from '../../lib/queries';
import { usePagedList } from '../../lib/usePagedList';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { PageWithTags } from '../../components/CategoryTags';
import { FeedView } from '../../components/FeedView';

/** The results of one query, 20 a page, best match first, with «Cargar más»; matching words marked. */
function SearchResults({ query, category }: { query: string; category?: (typeof CATEGORIES)[number] }) {
  const api = useApi();
  const list = usePagedList<Post>(queryKeys.search(query, category), (cursor, signal) =>
    api.call('search.posts', { query: { q: query, category, cursor, limit: DEFAULT_PAGE_SIZE } }, { signal }),
  );
  const terms = useMemo(() => new Set(queryTerms(query)), [query]);
  const renderText = useCallback((text: string) => <HighlightedText text={text} terms={terms} />, [terms]);
  return (
    <FeedView
      feed={list}
      label={`Resultados de «${query}», los que más se parecen primero`}
      loadingLabel="Buscando…"
      renderText={renderText}
      emptyText={
        <>
          No encontramos anécdotas{category ? ` de ${category}` : ''} con todas esas palabras. Prueba con otras, o mira una categoría:{' '}
          {CATEGORIES.map((name, index) => (
            <span key={name}>
              {index > 0 && ', '}
              <Link to={`/category/${name}`}>{name}</Link>
            </span>
          ))}
          .
        </>
      }
    />
  );
}

/**
 * `/buscar?q=&category=`: a search box holding the query, and the published posts holding all its
 * words. Server-rendered (first page in the document, `noindex`); the box is a plain form, so a new
 * search works before the scripts load too.
 */
export default function SearchPage() {
  const [params] = useSearchParams();
  const query = (params.get('q') ?? '').trim();
  const rawCategory = params.get('category');
  const category = rawCategory !== null && isCategory(rawCategory) ? rawCategory : undefined;
  useDocumentTitle(PAGE_TITLES.search(query));
  return (
    <PageWithTags>
      <section className="page-main" aria-labelledby="search-title">
        <h1 id="search-title" className="feed-title">
          {query ? `Resultados de «${query}»` : 'Buscar anécdotas'}
        </h1>
        <form className="search-page__form" method="get" action="/buscar" role="search">
          <label htmlFor="search-page-q">Palabras que buscas</label>
          <input id="search-page-q" type="search" name="q" defaultValue={query} key={query} maxLength={MAX_QUERY_LENGTH} required />
          {category && <input type="hidden" name="category" value={category} />}
          <button type="submit" className="button">
            Buscar
          </button>
        </form>
        {category && (
          <p>
            Solo en {category}. <Link to={searchPath(query)}>Buscar en todas las categorías</Link>
          </p>
        )}
        {rawCategory !== null && !category && <p className="feed-message">Esa categoría no existe: busca en todas.</p>}
        {query ? (
          <SearchResults key={`${query}\u0000${category ?? ''}`} query={query} category={category} />
        ) : (
          <p className="feed-message">Escribe una o varias palabras: encontramos las anécdotas que las tienen todas, con o sin tildes.</p>
        )}
      </section>
    </PageWithTags>
  );
}
