import { useState, type ComponentProps, type ReactNode } from 'react';
import { Divider, PasswordField } from '@aws-amplify/ui-react';
import { passwordProblems } from '@contract/accounts';
import { TextInput } from '../../components/FormFields';
import { GoogleButton } from './GoogleButton';
import { authErrorMessage } from './errors';
import { PASSWORD_RULES } from './passwordRules';

/**
 * A form's one action at a time: `run` clears the error, marks the form busy while the action runs and,
 * if it fails, shows what went wrong (Cognito's errors in Spanish unless `describe` says otherwise).
 */
export function useFormAction(initialError: string | null = null, describe: (failure: unknown) => string = authErrorMessage) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(initialError);
  async function run(action: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(describe(failure));
    } finally {
      setBusy(false);
    }
  }
  return { busy, error, setError, run };
}

/** What a password lacks under the pool's rules, said the same in every form; null when it has it all. */
export function missingInPassword(password: string, which = 'A la contraseña'): string | null {
  const missing = passwordProblems(password);
  return missing.length > 0 ? `${which} le falta: ${missing.join(', ')}.` : null;
}

/** The email field of the login, register and reset forms. */
export function EmailField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return <TextInput label="Email" name="email" type="email" autoComplete="email" value={value} onChange={onChange} isRequired />;
}

/** A code Cognito sent by email (confirmation or password reset): digits, filled in from the message on phones. */
export function CodeField({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  return (
    <TextInput label={label} name="code" value={value} onChange={onChange} inputMode="numeric" autoComplete="one-time-code" isRequired />
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

type PasswordFieldProps = { label: string; name: string; value: string; onChange: (value: string) => void };

/** A password field bound to a string, required; `hint` is said under it. */
function BoundPasswordInput({
  value,
  onChange,
  autoComplete,
  hint,
  ...labels
}: PasswordFieldProps & { autoComplete: string; hint?: string }) {
  return (
    <PasswordInput
      {...labels}
      autoComplete={autoComplete}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      descriptiveText={hint}
      isRequired
    />
  );
}

/** The password a person has now: at sign-in, or to confirm a change. */
export function CurrentPasswordInput(props: PasswordFieldProps) {
  return <BoundPasswordInput {...props} autoComplete="current-password" />;
}

/** A password being chosen: the pool's rules said under it, and the browser told to suggest a new one. */
export function NewPasswordInput({
  label = 'Contraseña nueva',
  name = 'new-password',
  ...props
}: Partial<PasswordFieldProps> & Pick<PasswordFieldProps, 'value' | 'onChange'>) {
  return <BoundPasswordInput {...props} label={label} name={name} autoComplete="new-password" hint={`Usa ${PASSWORD_RULES}.`} />;
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
