import { Loader } from '@aws-amplify/ui-react';

/** A centred spinner with a text for screen readers, for a page or a block that is loading. */
export function PageSpinner({ label = 'Cargando…' }: { label?: string }) {
  return (
    <div className="page-spinner" role="status" aria-live="polite">
      <Loader size="large" ariaLabel={label} />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
