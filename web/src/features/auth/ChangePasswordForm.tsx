import { useState, type FormEvent } from 'react';
import { ErrorAlert } from '../../components/ErrorAlert';
import { SubmitButton } from '../../components/FormFields';
import { CurrentPasswordInput, NewPasswordInput, missingInPassword, useFormAction } from './AuthFormParts';
import { useAuth } from './context';
import { authErrorMessage } from './errors';
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
  const { busy, error, setError, run } = useFormAction(null, (failure) =>
    failure instanceof Error && failure.name === 'NotAuthorizedException' ? WRONG_CURRENT_PASSWORD : authErrorMessage(failure),
  );

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (current.length === 0) {
      setError('Escribe tu contraseña actual.');
      return;
    }
    const weak = missingInPassword(next, 'A la contraseña nueva');
    if (weak) {
      setError(weak);
      return;
    }
    if (next === current) {
      setError('La contraseña nueva es igual que la actual. Elige otra.');
      return;
    }
    void run(async () => {
      await (await auth.service()).changePassword(current, next);
      setCurrent('');
      setNext('');
      onChanged();
    });
  }

  return (
    <form className="stack" onSubmit={submit} noValidate aria-labelledby="change-password-title">
      <h2 id="change-password-title">Cambiar contraseña</h2>
      {error && <ErrorAlert>{error}</ErrorAlert>}
      <CurrentPasswordInput label="Contraseña actual" name="current-password" value={current} onChange={setCurrent} />
      <NewPasswordInput value={next} onChange={setNext} />
      <SubmitButton busy={busy} loadingText="Cambiando…" isFullWidth={false}>
        Cambiar la contraseña
      </SubmitButton>
    </form>
  );
}
