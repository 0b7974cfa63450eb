/**
 * What a list shows while its first page loads: grey rows shaped like its items (`card`: an anecdote's
 * card; `line`: a one-line notice), in a list marked busy, with its loading text for screen readers —
 * one calm placeholder where a spinner per layer used to stack.
 */
export function ListSkeleton({ loadingLabel, shape = 'card', rows = 3 }: { loadingLabel: string; shape?: 'card' | 'line'; rows?: number }) {
  return (
    <div className="list-skeleton">
      <span className="visually-hidden" role="status">
        {loadingLabel}
      </span>
      <ol className={`list-skeleton__list list-skeleton__list--${shape}`} aria-label={loadingLabel} aria-busy="true">
        {Array.from({ length: rows }, (_, index) => (
          <li key={index} className="list-skeleton__row" aria-hidden="true">
            <span className="list-skeleton__bar list-skeleton__bar--short" />
            <span className="list-skeleton__bar" />
            {shape === 'card' && <span className="list-skeleton__bar list-skeleton__bar--mid" />}
          </li>
        ))}
      </ol>
    </div>
  );
}
