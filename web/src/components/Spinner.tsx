/**
 * A small CSS spinner with a text for screen readers. The header and the feeds use it instead of
 * Amplify UI's Loader so that Amplify UI's JavaScript stays out of the first script.
 */
export function Spinner({ label, size = 'medium' }: { label: string; size?: 'medium' | 'large' }) {
  return (
    <span className={`spinner spinner--${size}`} role="status">
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
