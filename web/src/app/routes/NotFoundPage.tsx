import { Link } from 'react-router-dom';
import { PAGE_TITLES } from '@contract/documents';
import { useDocumentTitle } from '../../lib/useDocumentTitle';

/** Any other address. */
export default function NotFoundPage() {
  useDocumentTitle(PAGE_TITLES.notFound);
  return (
    <section className="narrow notice">
      <h1>Esa dirección no existe</h1>
      <p>
        <Link to="/">Volver a la portada</Link>
      </p>
    </section>
  );
}
