import { useState, type FormEvent } from 'react';
import { Button } from '@aws-amplify/ui-react';
import { passwordProblems } from '@contract/accounts';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PasswordInput } from './AuthFormParts';
import { useAuth } from './context';
import { authErrorMessage } from './errors';
import { PASSWORD_RULES } from './passwordRules';
import '../../components/amplifyUi.css';

/** Cognito answers a wrong current password with the same error as a wrong sign-in; here it is only that. */
const WRONG_CURRENT_PASSWORD = 'La contraseña actual no es correcta.';

type Props = {
  /** Called once the new password is set (the app says so site-wide). */
  onChanged: () => void;
};

/**
 * «Cambiar contraseña» in «Mi cuenta»: the current password and a new one with the pool's rules. Only for
 * accounts with a password: a Google account has none here (Cognito refuses the change; the message says why).
 */
export default function ChangePasswordForm({ onChanged }: Props) {
  const auth = useAuth();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (current.length === 0) {
      setError('Escribe tu contraseña actual.');
      return;
    }
    const missing = passwordProblems(next);
    if (missing.length > 0) {
      setError(`A la contraseña nueva le falta: ${missing.join(', ')}.`);
      return;
    }
    if (next === current) {
      setError('La contraseña nueva es igual que la actual. Elige otra.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await (await auth.service()).changePassword(current, next);
      setCurrent('');
      setNext('');
      onChanged();
    } catch (failure) {
      setError(failure instanceof Error && failure.name === 'NotAuthorizedException' ? WRONG_CURRENT_PASSWORD : authErrorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="stack" onSubmit={(event) => void submit(event)} noValidate aria-labelledby="change-password-title">
      <h2 id="change-password-title">Cambiar contraseña</h2>
      {error && <ErrorAlert>{error}</ErrorAlert>}
      <PasswordInput
        label="Contraseña actual"
        name="current-password"
        autoComplete="current-password"
        value={current}
        onChange={(event) => setCurrent(event.target.value)}
      />
      <PasswordInput
        label="Contraseña nueva"
        name="new-password"
        autoComplete="new-password"
        descriptiveText={`Usa ${PASSWORD_RULES}.`}
        value={next}
        onChange={(event) => setNext(event.target.value)}
      />
      <Button type="submit" variation="primary" isDisabled={busy} isLoading={busy} loadingText="Cambiando…">
        Cambiar la contraseña
      </Button>
    </form>
  );
}
