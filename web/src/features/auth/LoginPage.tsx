import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { nextFromSearch } from '../../lib/nextPath';
import { ErrorAlert } from '../../components/ErrorAlert';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { ConfirmSignUpForm } from './ConfirmSignUpForm';
import { LinkButton, SubmitButton } from '../../components/FormFields';
import { CurrentPasswordInput, EmailField, OtherWaysIn, useFormAction } from './AuthFormParts';
import { ResetPasswordForm } from './ResetPasswordForm';
import { useAuth, usePreloadAuth } from './context';
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
  const { busy, error, setError, run } = useFormAction(auth.redirectError);
  const [confirming, setConfirming] = useState(false);
  const [resetting, setResetting] = useState(false);

  async function finish() {
    await auth.refresh();
    void navigate(next, { replace: true });
  }

  async function signInNow() {
    const service = await auth.service();
    const outcome = await service.signIn(email, password);
    if (outcome === 'confirmSignUp') setConfirming(true);
    else await finish();
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void run(signInNow);
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
          <form className="stack" onSubmit={handleSubmit} noValidate>
            {error && <ErrorAlert>{error}</ErrorAlert>}
            <EmailField value={email} onChange={setEmail} />
            <CurrentPasswordInput label="Contraseña" name="password" value={password} onChange={setPassword} />
            <SubmitButton busy={busy} loadingText="Entrando…">
              Entrar
            </SubmitButton>
            <LinkButton onClick={() => setResetting(true)}>¿Olvidaste tu contraseña?</LinkButton>
          </form>
          <OtherWaysIn onError={setError} returnTo={next}>
            ¿No tienes cuenta? <Link to={`/register${search}`}>Regístrate</Link>
          </OtherWaysIn>
        </>
      )}
    </section>
  );
}
