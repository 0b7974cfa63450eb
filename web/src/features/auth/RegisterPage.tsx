import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { nextFromSearch } from '../../lib/nextPath';
import { Button, TextField } from '@aws-amplify/ui-react';
import { ErrorAlert } from '../../components/ErrorAlert';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { ConfirmSignUpForm } from './ConfirmSignUpForm';
import { EmailField, OtherWaysIn, PasswordInput } from './AuthFormParts';
import { useAuth, usePreloadAuth } from './context';
import { authErrorMessage } from './errors';
import { PASSWORD_RULES } from './passwordRules';
import { NAME_MAX_LENGTH, NAME_MIN_LENGTH, passwordProblems } from '@contract/accounts';
import { checkName } from '@contract/apodos';
import { ERRORS } from '@contract/errors';
import { useAccount } from '../../lib/account';
import { errorMessage } from '../../lib/api';
import { rememberName, useClaimName } from '../../lib/pendingName';
import '../../components/amplifyUi.css';

/**
 * `/register`: email, password and the apodo (the name other readers see), then the confirmation
 * code, then signed in, the apodo claimed through `PUT /me/name` (never a Cognito attribute: the pool
 * lets its users write only their email), and on `/`. An apodo taken meanwhile is asked for again
 * there by the apodo prompt. Then back to the page `?next=` names (lib/nextPath.ts), else `/`.
 */
export default function RegisterPage() {
  const auth = useAuth();
  usePreloadAuth();
  const navigate = useNavigate();
  const { search } = useLocation();
  const next = nextFromSearch(search);
  const account = useAccount();
  const claimName = useClaimName();
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
    let nameError: string | null = null;
    try {
      await claimName.mutateAsync(name);
    } catch (failure) {
      // Kept (lib/pendingName.ts): the apodo prompt offers it again, prefilled.
      nameError = errorMessage(failure);
    }
    await account.reload();
    void navigate(next, { replace: true, state: nameError ? { nameError } : undefined });
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The pool would refuse it anyway; saying why here is quicker and reads the same everywhere.
    if (!checkName(name).ok) {
      setError(ERRORS.INVALID_NAME.message);
      return;
    }
    const missing = passwordProblems(password);
    if (missing.length > 0) {
      setError(`A la contraseña le falta: ${missing.join(', ')}.`);
      return;
    }
    setBusy(true);
    setError(null);
    // Kept until claimed: the code may be confirmed from /login or another tab (lib/pendingName.ts).
    rememberName(email, name);
    try {
      const service = await auth.service();
      const outcome = await service.signUp({ email, password });
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
            {error && <ErrorAlert>{error}</ErrorAlert>}
            <EmailField value={email} onChange={setEmail} />
            <PasswordInput
              label="Contraseña"
              name="password"
              autoComplete="new-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              descriptiveText={`Usa ${PASSWORD_RULES}.`}
              isRequired
            />
            <TextField
              label="Apodo"
              name="apodo"
              autoComplete="nickname"
              value={name}
              onChange={(event) => setName(event.target.value)}
              descriptiveText={`Es el nombre con el que firmas: ${NAME_MIN_LENGTH}–${NAME_MAX_LENGTH} letras, números, espacios o . _ -, y que nadie más use. Nunca tu email.`}
              maxLength={NAME_MAX_LENGTH + 10}
              isRequired
            />
            <Button type="submit" variation="primary" isFullWidth isDisabled={busy} isLoading={busy} loadingText="Creando la cuenta…">
              Registrarme
            </Button>
          </form>
          <OtherWaysIn onError={setError} returnTo={next}>
            ¿Ya tienes cuenta? <Link to={`/login${search}`}>Inicia sesión</Link>
          </OtherWaysIn>
        </>
      )}
    </section>
  );
}
