import type { ComponentProps, ReactNode } from 'react';
import { Divider, PasswordField, TextField } from '@aws-amplify/ui-react';
import { GoogleButton } from './GoogleButton';

/** The email field of the login and register forms. */
export function EmailField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <TextField
      label="Email"
      name="email"
      type="email"
      autoComplete="email"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      isRequired
    />
  );
}

/**
 * Amplify's password field, speaking Spanish: its show-password switch says in English, by default,
 * whether the password is shown («Password is hidden»), through a live region.
 */
export function PasswordInput(props: ComponentProps<typeof PasswordField>) {
  return (
    <PasswordField
      showPasswordButtonLabel="Mostrar la contraseña"
      passwordIsHiddenLabel="La contraseña está oculta"
      passwordIsShownLabel="La contraseña se ve"
      {...props}
    />
  );
}

/** Below both forms: the Google button and the link to the other form. */
export function OtherWaysIn({
  onError,
  returnTo,
  children,
}: {
  onError: (message: string) => void;
  /** The page to come back to after a Google sign-in (a path of this site). */
  returnTo?: string;
  children: ReactNode;
}) {
  return (
    <>
      <Divider label="o" className="auth-divider" />
      <GoogleButton onError={onError} returnTo={returnTo} />
      <p className="auth-switch">{children}</p>
    </>
  );
}
