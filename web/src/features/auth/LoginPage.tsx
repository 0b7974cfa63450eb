import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { nextFromSearch } from '../../lib/nextPath';
import { Button } from '@aws-amplify/ui-react';
import { ErrorAlert } from '../../components/ErrorAlert';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { ConfirmSignUpForm } from './ConfirmSignUpForm';
import { EmailField, OtherWaysIn, PasswordInput } from './AuthFormParts';
import { ResetPasswordForm } from './ResetPasswordForm';
import { useAuth, usePreloadAuth } from './context';
import { authErrorMessage } from './errors';
import '../../components/amplifyUi.css';

/**
 * `/login`: email and password, «¿Olvidaste tu contraseña?», Google, a link to Register. Success (or
 * a signed-in visitor) → the page `?next=` names when it is a path of this site (lib/nextPath.ts), else `/`;
 * a password reset and Google (its state carries the path) return there too.
 */
export default function LoginPage() {
  useDocumentTitle('Iniciar sesión');
  const auth = useAuth();
  usePreloadAuth();
  const navigate = useNavigate();
  const { search } = useLocation();
  const next = nextFromSearch(search);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(auth.redirectError);
  const [confirming, setConfirming] = useState(false);
  const [resetting, setResetting] = useState(false);

  async function finish() {
    await auth.refresh();
    void navigate(next, { replace: true });
  }

  async function signInNow() {
    const service = await auth.service();
    const outcome = await service.signIn(email, password);
    if (outcome === 'confirmSignUp') {
      setConfirming(true);
      setBusy(false);
      return;
    }
    await finish();
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await signInNow();
    } catch (failure) {
      setError(authErrorMessage(failure));
      setBusy(false);
    }
  }

  return (
    <section className="narrow auth-page">
      <h1>Iniciar sesión</h1>
      {confirming ? (
        <ConfirmSignUpForm email={email} onConfirmed={signInNow} />
      ) : resetting ? (
        <ResetPasswordForm
          initialEmail={email}
          onCancel={() => setResetting(false)}
          onReset={async (resetEmail, newPassword) => {
            const service = await auth.service();
            await service.signIn(resetEmail, newPassword);
            await finish();
          }}
        />
      ) : (
        <>
          <form className="stack" onSubmit={(event) => void handleSubmit(event)} noValidate>
            {error && <ErrorAlert>{error}</ErrorAlert>}
            <EmailField value={email} onChange={setEmail} />
            <PasswordInput
              label="Contraseña"
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              isRequired
            />
            <Button type="submit" variation="primary" isFullWidth isDisabled={busy} isLoading={busy} loadingText="Entrando…">
              Entrar
            </Button>
            <Button type="button" variation="link" onClick={() => setResetting(true)}>
              ¿Olvidaste tu contraseña?
            </Button>
          </form>
          <OtherWaysIn onError={setError} returnTo={next}>
            ¿No tienes cuenta? <Link to={`/register${search}`}>Regístrate</Link>
          </OtherWaysIn>
        </>
      )}
    </section>
  );
}
