import { useQuery } from '@tanstack/react-query';
import type { LegalDetails } from '@contract/legal';
import { LEGAL_PATHS } from '@contract/documents';
import { queryKeys, readDocumentState } from '../../lib/queries';

/**
 * Who runs the site and the region its data is in, for «Privacidad» and «Aviso legal». Only the page
 * function knows them (the deployment gives them to it), and each of the two documents carries them as
 * its data: a document loaded there has them in the cache already; reached from another page without
 * a reload, the app reads them from the document itself. They change only with a deployment.
 */
export function useLegalDetails() {
  return useQuery({
    queryKey: queryKeys.legal,
    queryFn: ({ signal }) => legalDetailsFromDocument(signal),
    staleTime: Infinity,
  });
}

async function legalDetailsFromDocument(signal: AbortSignal): Promise<LegalDetails> {
  const response = await fetch(LEGAL_PATHS.legalNotice, { signal, headers: { accept: 'text/html' } });
  if (!response.ok) throw new Error(`${LEGAL_PATHS.legalNotice} answered ${response.status}`);
  const page = new DOMParser().parseFromString(await response.text(), 'text/html');
  const key = JSON.stringify(queryKeys.legal);
  const found = readDocumentState(page)?.queries.find((query) => JSON.stringify(query.queryKey) === key);
  if (!found?.state.data) throw new Error(`${LEGAL_PATHS.legalNotice} carries no legal details`);
  return found.state.data as LegalDetails;
}
