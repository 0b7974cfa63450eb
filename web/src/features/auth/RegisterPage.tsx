import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { nextFromSearch } from '../../lib/nextPath';
import { ErrorAlert } from '../../components/ErrorAlert';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { ConfirmSignUpForm } from './ConfirmSignUpForm';
import { ApodoField } from '../../components/ApodoField';
import { SubmitButton } from '../../components/FormFields';
import { EmailField, NewPasswordInput, OtherWaysIn, missingInPassword, useFormAction } from './AuthFormParts';
import { useAuth, usePreloadAuth } from './context';
import { checkName } from '@contract/apodos';
import { ERRORS } from '@contract/errors';
import { LEGAL_PATHS } from '@contract/documents';
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
  const { busy, error, setError, run } = useFormAction();
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

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The pool would refuse it anyway; saying why here is quicker and reads the same everywhere.
    if (!checkName(name).ok) {
      setError(ERRORS.INVALID_NAME.message);
      return;
    }
    const weak = missingInPassword(password);
    if (weak) {
      setError(weak);
      return;
    }
    // Kept until claimed: the code may be confirmed from /login or another tab (lib/pendingName.ts).
    rememberName(email, name);
    void run(async () => {
      const service = await auth.service();
      const outcome = await service.signUp({ email, password });
      if (outcome === 'confirmSignUp') setConfirming(true);
      else await signInAndGoHome();
    });
  }

  return (
    <section className="narrow auth-page">
      <h1>Crear una cuenta</h1>
      {confirming ? (
        <ConfirmSignUpForm email={email} onConfirmed={signInAndGoHome} />
      ) : (
        <>
          <form className="stack" onSubmit={handleSubmit} noValidate>
            {error && <ErrorAlert>{error}</ErrorAlert>}
            <EmailField value={email} onChange={setEmail} />
            <NewPasswordInput label="Contraseña" name="password" value={password} onChange={setPassword} />
            <ApodoField value={name} onChange={setName} />
            <p className="register-privacy">
              Al registrarte, guardamos tu correo y tu apodo para tu cuenta. Lee la <Link to={LEGAL_PATHS.privacy}>Privacidad</Link> para
              saber qué datos guardamos y cómo descargarlos o borrarlos.
            </p>
            <SubmitButton busy={busy} loadingText="Creando la cuenta…">
              Registrarme
            </SubmitButton>
          </form>
          <OtherWaysIn onError={setError} returnTo={next}>
            ¿Ya tienes cuenta? <Link to={`/login${search}`}>Inicia sesión</Link>
          </OtherWaysIn>
        </>
      )}
    </section>
  );
}
