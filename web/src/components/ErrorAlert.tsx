import { Alert } from '@aws-amplify/ui-react';

/** The red box with a message for people; announced to screen readers when it appears. */
export function ErrorAlert({ children, heading }: { children: string; heading?: string }) {
  return (
    <Alert variation="error" role="alert" heading={heading} className="error-alert">
      {children}
    </Alert>
  );
}
