import type { ReactNode } from 'react';
import type { LegalDetails, SiteOperator } from '@contract/legal';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageSpinner } from '../../components/PageSpinner';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useLegalDetails } from './useLegalDetails';

/**
 * The frame of «Privacidad» and «Aviso legal»: the title, and the text once the deployment's details
 * are known (in the document already when it was loaded there).
 */
export function LegalDocument({
  title,
  updated,
  children,
}: {
  title: string;
  updated: string;
  children: (details: LegalDetails) => ReactNode;
}) {
  useDocumentTitle(title);
  const details = useLegalDetails();
  return (
    <article className="narrow legal-document">
      <h1>{title}</h1>
      {details.data ? (
        <>
          {children(details.data)}
          <p className="legal-document__updated">Última actualización: {updated}.</p>
        </>
      ) : details.isError ? (
        <ErrorAlert>No hemos podido cargar esta página. Recárgala en un momento.</ErrorAlert>
      ) : (
        <PageSpinner />
      )}
    </article>
  );
}

/**
 * One of the operator's details as text (never markup), marked when it is the placeholder that says the
 * deployment did not give it.
 */
export function OperatorDetail({ details, field }: { details: LegalDetails; field: keyof SiteOperator }) {
  const value = details.operator[field];
  if (details.placeholders[field]) return <span className="legal-placeholder">{value}</span>;
  if (field === 'email') return <a href={`mailto:${value}`}>{value}</a>;
  return <>{value}</>;
}

/** Where the data is stored: the deployment's AWS region, or a sentence that stands for it. */
export function regionText(details: LegalDetails): string {
  return details.region ? `la región ${details.region} de AWS` : 'la región de AWS donde se despliega el sitio';
}
