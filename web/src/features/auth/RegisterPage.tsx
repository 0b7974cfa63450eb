import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button, PasswordField, TextField } from '@aws-amplify/ui-react';
import { FormAlert } from '../../components/FormAlert';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { ConfirmSignUpForm } from './ConfirmSignUpForm';
import { EmailField, OtherWaysIn } from './AuthFormParts';
import { useAuth, usePreloadAuth } from './context';
import { authErrorMessage } from './errors';
import { PASSWORD_RULES } from './passwordRules';
import { MAX_NAME_LENGTH, passwordProblems } from '@contract';
import '../../components/amplifyUi.css';

/**
 * `/register`: email, password and an optional Nombre (the name other readers see), then the
 * confirmation code, then signed in and on `/`.
 */
export default function RegisterPage() {
  const auth = useAuth();
  usePreloadAuth();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  useDocumentTitle(confirming ? 'Confirma tu email' : 'Crear una cuenta');

  async function signInAndGoHome() {
    const service = await auth.service();
    await service.signIn(email, password);
    await auth.refresh();
    void navigate('/', { replace: true });
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The pool would refuse it anyway; saying why here is quicker and reads the same everywhere.
    const missing = passwordProblems(password);
    if (missing.length > 0) {
      setError(`A la contraseña le falta: ${missing.join(', ')}.`);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const service = await auth.service();
      const outcome = await service.signUp({ email, password, name });
      if (outcome === 'confirmSignUp') {
        setConfirming(true);
        setBusy(false);
      } else {
        await signInAndGoHome();
      }
    } catch (failure) {
      setError(authErrorMessage(failure));
      setBusy(false);
    }
  }

  return (
    <section className="narrow auth-page">
      <h1>Crear una cuenta</h1>
      {confirming ? (
        <ConfirmSignUpForm email={email} onConfirmed={signInAndGoHome} />
      ) : (
        <>
          <form className="stack" onSubmit={(event) => void handleSubmit(event)} noValidate>
            {error && <FormAlert>{error}</FormAlert>}
            <EmailField value={email} onChange={setEmail} />
            <PasswordField
              label="Contraseña"
              name="password"
              autoComplete="new-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              descriptiveText={`Usa ${PASSWORD_RULES}.`}
              showPasswordButtonLabel="Mostrar la contraseña"
              isRequired
            />
            <TextField
              label="Nombre"
              name="name"
              autoComplete="nickname"
              value={name}
              onChange={(event) => setName(event.target.value)}
              descriptiveText="Opcional. Es el nombre que verán los demás; si lo dejas vacío, usamos lo que va antes de la @ de tu email."
              maxLength={MAX_NAME_LENGTH}
            />
            <Button type="submit" variation="primary" isFullWidth isDisabled={busy} isLoading={busy} loadingText="Creando la cuenta…">
              Registrarme
            </Button>
          </form>
          <OtherWaysIn onError={setError}>
            ¿Ya tienes cuenta? <Link to="/login">Inicia sesión</Link>
          </OtherWaysIn>
        </>
      )}
    </section>
  );
}
