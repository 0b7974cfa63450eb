import { useState, type FormEvent } from 'react';
import { Button, TextField } from '@aws-amplify/ui-react';
import { passwordProblems } from '@contract/accounts';
import { ErrorAlert } from '../../components/ErrorAlert';
import { EmailField, PasswordInput } from './AuthFormParts';
import { useAuth } from './context';
import { authErrorMessage } from './errors';
import { PASSWORD_RULES } from './passwordRules';
import '../../components/amplifyUi.css';

type Props = {
  /** The email typed on the login form, if any. */
  initialEmail: string;
  /** Called with the email and new password once it is set: signs in and leaves the page. */
  onReset: (email: string, password: string) => Promise<void>;
  onCancel: () => void;
};

/**
 * «¿Olvidaste tu contraseña?»: the email, then the code Cognito sends (the local cloud prints it) and
 * a new password with the pool's rules; then signed in.
 */
export function ResetPasswordForm({ initialEmail, onReset, onCancel }: Props) {
  const auth = useAuth();
  const [email, setEmail] = useState(initialEmail);
  const [step, setStep] = useState<'email' | 'code'>('email');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function sendCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await (await auth.service()).resetPassword(email);
      setStep('code');
    } catch (failure) {
      setError(authErrorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  async function setNewPassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const missing = passwordProblems(password);
    if (missing.length > 0) {
      setError(`A la contraseña le falta: ${missing.join(', ')}.`);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await (await auth.service()).confirmResetPassword(email, code, password);
      await onReset(email, password);
    } catch (failure) {
      setError(authErrorMessage(failure));
      setBusy(false);
    }
  }

  return step === 'email' ? (
    <form className="stack" onSubmit={(event) => void sendCode(event)} noValidate>
      <h2 className="form-subtitle">¿Olvidaste tu contraseña?</h2>
      {error && <ErrorAlert>{error}</ErrorAlert>}
      <p>Escribe el email de tu cuenta y te enviaremos un código para elegir una contraseña nueva.</p>
      <EmailField value={email} onChange={setEmail} />
      <Button type="submit" variation="primary" isFullWidth isDisabled={busy} isLoading={busy} loadingText="Enviando…">
        Enviarme el código
      </Button>
      <Button type="button" variation="link" onClick={onCancel}>
        Volver a iniciar sesión
      </Button>
    </form>
  ) : (
    <form className="stack" onSubmit={(event) => void setNewPassword(event)} noValidate>
      <h2 className="form-subtitle">Elige una contraseña nueva</h2>
      {error && <ErrorAlert>{error}</ErrorAlert>}
      <p>
        Si hay una cuenta con <strong>{email}</strong>, te hemos enviado un código. Escríbelo aquí con tu contraseña nueva.
      </p>
      <TextField
        label="Código"
        name="code"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        inputMode="numeric"
        autoComplete="one-time-code"
        isRequired
      />
      <PasswordInput
        label="Contraseña nueva"
        name="new-password"
        autoComplete="new-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        descriptiveText={`Usa ${PASSWORD_RULES}.`}
        isRequired
      />
      <Button type="submit" variation="primary" isFullWidth isDisabled={busy} isLoading={busy} loadingText="Guardando…">
        Cambiar la contraseña
      </Button>
      <Button type="button" variation="link" onClick={onCancel}>
        Volver a iniciar sesión
      </Button>
    </form>
  );
}
