/**
 * The red box with a message for people, announced by screen readers when it appears. Light markup
 * (no Amplify UI JavaScript) because the feeds, in the first script, use it too; the forms use
 * FormAlert, Amplify UI's Alert, which looks the same.
 */
export function ErrorAlert({ children }: { children: string }) {
  return (
    <div className="error-alert error-alert--light" role="alert">
      <span className="error-alert__icon" aria-hidden="true">
        !
      </span>
      <span>{children}</span>
    </div>
  );
}
