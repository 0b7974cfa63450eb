import { useEffect } from 'react';

const SITE = 'Vaya día';

/** Sets the tab title for the current page: "<page> · Vaya día", or just the site name. */
export function useDocumentTitle(page?: string) {
  useEffect(() => {
    document.title = page ? `${page} · ${SITE}` : `${SITE} · anécdotas de días malos`;
  }, [page]);
}
