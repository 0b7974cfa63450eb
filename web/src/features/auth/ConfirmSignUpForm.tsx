import { useState, type FormEvent } from 'react';
import { Button, TextField } from '@aws-amplify/ui-react';
import { ErrorAlert } from '../../components/ErrorAlert';
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
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      const service = await auth.service();
      await service.confirmSignUp(email, code);
      await onConfirmed();
    } catch (failure) {
      setError(authErrorMessage(failure));
      setBusy(false);
    }
  }

  async function resend() {
    setError(null);
    setNotice(null);
    try {
      const service = await auth.service();
      await service.resendSignUpCode(email);
      setNotice(`Te hemos enviado un código nuevo a ${email}.`);
    } catch (failure) {
      setError(authErrorMessage(failure));
    }
  }

  return (
    <form className="stack" onSubmit={(event) => void handleSubmit(event)} noValidate>
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
      <TextField
        label="Código de confirmación"
        name="code"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        inputMode="numeric"
        autoComplete="one-time-code"
        isRequired
      />
      <Button type="submit" variation="primary" isFullWidth isDisabled={busy} isLoading={busy} loadingText="Confirmando…">
        Confirmar
      </Button>
      <Button type="button" variation="link" onClick={() => void resend()}>
        Reenviar el código
      </Button>
    </form>
  );
}
