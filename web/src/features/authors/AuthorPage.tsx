import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { DEFAULT_PAGE_SIZE } from '@contract/common';
import { PAGE_TITLES, authorPath } from '@contract/documents';
import { foldedText } from '@contract/textForms';
import { VOTE_LABELS } from '@contract/voteRules';
import type { Post } from '@contract/posts';
import { useCardParts } from '../../components/cardParts';
import { ErrorAlert } from '../../components/ErrorAlert';
import { LocalTime } from '../../components/LocalTime';
import { PageSpinner } from '../../components/PageSpinner';
import { ApiError, errorMessage, useApi } from '../../lib/api';
import { queryKeys } from '../../lib/queries';
import { usePagedList } from '../../lib/usePagedList';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { PageWithTags } from '../../components/CategoryTags';
import { FeedView } from '../../components/FeedView';

/** An author's published posts, 20 a page, newest first, with «Cargar más». */
function AuthorPosts({ name, author }: { name: string; author: string }) {
  const api = useApi();
  const list = usePagedList<Post>(queryKeys.authorPosts(name), (cursor, signal) =>
    api.call('authors.posts', { params: { name }, query: { cursor, limit: DEFAULT_PAGE_SIZE } }, { signal }),
  );
  return (
    <FeedView
      feed={list}
      label={`Anécdotas de ${author}, de la más nueva a la más antigua`}
      emptyText={`${author} todavía no tiene anécdotas publicadas.`}
    />
  );
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * A name as an address may spell it: read as a person sees it, no case, accents or extra spaces (the
 * API also ignores look-alikes; their Unicode data is not worth loading for this comparison).
 */
const folded = (name: string) => foldedText(name).replace(/\s+/g, ' ').trim();

/**
 * `/autor/:apodo`: who (the apodo as the account holds it now, whatever case or accents the address
 * used; or a name that signs posts without an account, such as the samples), since when, how many
 * posts are published and the votes they received, and the posts. A renamed account's former apodo
 * leads to its page at the new one (the API answers 301, which the browser follows: the address is
 * then replaced by the new one's). An apodo nobody holds (unknown, deleted, «Anonimo») is a 404 message.
 */
export default function AuthorPage() {
  const { apodo = '' } = useParams();
  const api = useApi();
  const client = useQueryClient();
  const navigate = useNavigate();
  const parts = useCardParts();
  const read = useQuery({
    queryKey: queryKeys.author(apodo),
    // null: nobody holds that apodo (the page says so).
    queryFn: ({ signal }) =>
      api.call('authors.get', { params: { name: apodo } }, { signal }).catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }),
  });
  const author = read.data;
  const moved = author && folded(author.name) !== folded(apodo) ? author : undefined;
  useEffect(() => {
    if (!moved) return;
    client.setQueryData(queryKeys.author(moved.name), moved);
    void navigate(authorPath(moved.name), { replace: true });
  }, [moved, client, navigate]);
  useDocumentTitle(author ? PAGE_TITLES.author(author.name) : author === null ? PAGE_TITLES.authorNotFound : 'Autor');

  return (
    <PageWithTags>
      <section className="page-main" aria-busy={read.status === 'pending'}>
        {read.status === 'pending' && (
          <>
            <h1 className="visually-hidden">Autor</h1>
            <PageSpinner label="Cargando…" />
          </>
        )}
        {read.status === 'error' && (
          <div className="feed-message">
            <h1 className="visually-hidden">Autor</h1>
            <ErrorAlert>{errorMessage(read.error)}</ErrorAlert>
            <button type="button" className="button" onClick={() => void read.refetch()}>
              Reintentar
            </button>
          </div>
        )}
        {author === null && (
          <div className="notice">
            <h1>No hay nadie con ese apodo</h1>
            <p>Puede que haya cambiado de apodo o que haya borrado su cuenta.</p>
            <p>
              <Link to="/">Volver a la portada</Link>
            </p>
          </div>
        )}
        {author && (
          <>
            <header className="author-profile">
              <h1 className="feed-title">{author.name}</h1>
              {author.since && (
                <p className="author-profile__since">
                  Desde <LocalTime iso={author.since} show="monthYear" />
                </p>
              )}
              <dl className="author-profile__stats">
                <div>
                  <dt>Publicadas</dt>
                  <dd>{plural(author.posts, 'anécdota', 'anécdotas')}</dd>
                </div>
                <div>
                  <dt>{VOTE_LABELS.agree}</dt>
                  <dd>{plural(author.votes.agree, 'voto', 'votos')}</dd>
                </div>
                <div>
                  <dt>{VOTE_LABELS.deserved}</dt>
                  <dd>{plural(author.votes.deserved, 'voto', 'votos')}</dd>
                </div>
              </dl>
              <div className="author-profile__actions">{parts.authorActions(author.name)}</div>
            </header>
            {/* Read at the new address only, once a moved author's page has moved there. */}
            {!moved && <AuthorPosts name={apodo} author={author.name} />}
          </>
        )}
      </section>
    </PageWithTags>
  );
}
