import { Alert } from '@aws-amplify/ui-react';
import './amplifyUi.css';

/** The red box above a form (login, register, code, new post): Amplify UI's error Alert. */
export function FormAlert({ children }: { children: string }) {
  return (
    <Alert variation="error" role="alert" className="error-alert">
      {children}
    </Alert>
  );
}
