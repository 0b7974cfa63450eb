import { useState, type FormEvent } from 'react';
import { ErrorAlert } from '../../components/ErrorAlert';
import { LinkButton, SubmitButton } from '../../components/FormFields';
import { CodeField, useFormAction } from './AuthFormParts';
import { useAuth } from './context';
import { authErrorMessage } from './errors';
import '../../components/amplifyUi.css';

type Props = {
  email: string;
  /** Called once the code is accepted; signs in and leaves the page. Rejections show in the red box. */
  onConfirmed: () => Promise<void>;
};

/** The confirmation-code step of registration (also reached from Login for an unconfirmed account). */
export function ConfirmSignUpForm({ email, onConfirmed }: Props) {
  const auth = useAuth();
  const [code, setCode] = useState('');
  const { busy, error, setError, run } = useFormAction();
  const [notice, setNotice] = useState<string | null>(null);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setNotice(null);
    void run(async () => {
      await (await auth.service()).confirmSignUp(email, code);
      await onConfirmed();
    });
  }

  async function resend() {
    setError(null);
    setNotice(null);
    try {
      await (await auth.service()).resendSignUpCode(email);
      setNotice(`Te hemos enviado un código nuevo a ${email}.`);
    } catch (failure) {
      setError(authErrorMessage(failure));
    }
  }

  return (
    <form className="stack" onSubmit={handleSubmit} noValidate>
      <h2 className="form-subtitle">Confirma tu email</h2>
      {error && <ErrorAlert>{error}</ErrorAlert>}
      <p>
        Te hemos enviado un código a <strong>{email}</strong>. Escríbelo aquí para activar tu cuenta.
      </p>
      {notice && (
        <p role="status" className="notice-text">
          {notice}
        </p>
      )}
      <CodeField label="Código de confirmación" value={code} onChange={setCode} />
      <SubmitButton busy={busy} loadingText="Confirmando…">
        Confirmar
      </SubmitButton>
      <LinkButton onClick={() => void resend()}>Reenviar el código</LinkButton>
    </form>
  );
}
