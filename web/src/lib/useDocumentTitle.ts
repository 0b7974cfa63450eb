import { useEffect } from 'react';
import { documentTitle } from '@contract/documents';

/** Sets the tab title for the current page (see `PAGE_TITLES`): "<page> · Vaya día", or the site's own. */
export function useDocumentTitle(page?: string) {
  useEffect(() => {
    document.title = documentTitle(page);
  }, [page]);
}
