import { Link } from 'react-router-dom';
import type { Post } from '@contract/posts';
import { useApi } from '../../lib/api';
import { queryKeys } from '../../lib/queries';
import { usePagedList } from '../../lib/usePagedList';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { PageWithTags } from '../../components/CategoryTags';
import { FeedView } from '../../components/FeedView';

/**
 * `/guardadas` (signed in): the posts the reader saved, newest saved first, with «Cargar más». Posts
 * that are no longer public are not listed; one unsaved anywhere (here too) leaves the list when it
 * is read again, right after.
 */
export default function SavedPage() {
  const api = useApi();
  useDocumentTitle('Guardadas');
  const list = usePagedList<Post>(queryKeys.saved, (cursor, signal) => api.call('saved.list', { query: { cursor } }, { signal }));
  return (
    <PageWithTags>
      <section className="page-main" aria-labelledby="saved-title">
        <h1 id="saved-title" className="feed-title">
          Guardadas
        </h1>
        <FeedView
          feed={list}
          label="Anécdotas guardadas, de la última que guardaste a la primera"
          loadingLabel="Cargando tus guardadas…"
          emptyText={
            <>
              Todavía no has guardado ninguna anécdota. Pulsa «Guardar» en las que quieras releer; las encontrarás aquí.{' '}
              <Link to="/">Ver las últimas</Link>
            </>
          }
        />
      </section>
    </PageWithTags>
  );
}
