/**
 * The red box with a message for people, announced by screen readers when it appears: on the feeds and
 * in every form. Light markup (no Amplify UI JavaScript): the feeds are in the first script, and the
 * comment form is on pages the server renders, whose bundle leaves Amplify UI out.
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
