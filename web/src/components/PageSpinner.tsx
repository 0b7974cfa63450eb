import { Spinner } from './Spinner';

/** A centred spinner for a page or a block that is loading. */
export function PageSpinner({ label = 'Cargando…' }: { label?: string }) {
  return (
    <div className="page-spinner">
      <Spinner size="large" label={label} />
    </div>
  );
}
