import { useState, type FormEvent } from 'react';
import { ErrorAlert } from '../../components/ErrorAlert';
import { LinkButton, SubmitButton } from '../../components/FormFields';
import { CodeField, EmailField, NewPasswordInput, missingInPassword, useFormAction } from './AuthFormParts';
import { useAuth } from './context';
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
  const { busy, error, setError, run } = useFormAction();

  function sendCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void run(async () => {
      await (await auth.service()).resetPassword(email);
      setStep('code');
    });
  }

  function setNewPassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const weak = missingInPassword(password);
    if (weak) {
      setError(weak);
      return;
    }
    void run(async () => {
      await (await auth.service()).confirmResetPassword(email, code, password);
      await onReset(email, password);
    });
  }

  const back = <LinkButton onClick={onCancel}>Volver a iniciar sesión</LinkButton>;
  return step === 'email' ? (
    <form className="stack" onSubmit={sendCode} noValidate>
      <h2 className="form-subtitle">¿Olvidaste tu contraseña?</h2>
      {error && <ErrorAlert>{error}</ErrorAlert>}
      <p>Escribe el email de tu cuenta y te enviaremos un código para elegir una contraseña nueva.</p>
      <EmailField value={email} onChange={setEmail} />
      <SubmitButton busy={busy} loadingText="Enviando…">
        Enviarme el código
      </SubmitButton>
      {back}
    </form>
  ) : (
    <form className="stack" onSubmit={setNewPassword} noValidate>
      <h2 className="form-subtitle">Elige una contraseña nueva</h2>
      {error && <ErrorAlert>{error}</ErrorAlert>}
      <p>
        Si hay una cuenta con <strong>{email}</strong>, te hemos enviado un código. Escríbelo aquí con tu contraseña nueva.
      </p>
      <CodeField label="Código" value={code} onChange={setCode} />
      <NewPasswordInput value={password} onChange={setPassword} />
      <SubmitButton busy={busy} loadingText="Guardando…">
        Cambiar la contraseña
      </SubmitButton>
      {back}
    </form>
  );
}
