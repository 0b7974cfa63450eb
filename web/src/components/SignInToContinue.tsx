import { Link, useLocation } from 'react-router-dom';
import { useSignInHref } from '../lib/nextPath';
import { rememberIntent } from '../lib/pendingIntent';

/**
 * «Iniciar sesión» after a press that needs an account: it returns to this page, where the offer's
 * `question` proposes the press (`intent`) again (lib/pendingIntent.ts); the offer is read on the click. A component of its own, mounted only when shown, so
 * the cards do not work the sign-in address out on every render.
 */
export function SignInToContinue({ offer }: { offer: () => { intent: string; question: string } }) {
  const signIn = useSignInHref();
  const { pathname } = useLocation();
  return (
    <Link
      to={signIn}
      onClick={() => {
        const { intent, question } = offer();
        rememberIntent(intent, question, pathname);
      }}
    >
      Iniciar sesión
    </Link>
  );
}
