import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAuth } from '../features/auth/context';
import { useAccount } from '../lib/account';
import { announce } from '../lib/announcer';
import { pendingNameFor, useClaimName } from '../lib/pendingName';
import { safeNextPath } from '../lib/nextPath';
import { forgetIntent, pendingIntentFor, type PendingIntent } from '../lib/pendingIntent';
import { keepTap, startReplay } from '../lib/taps';

/** Said when a tap kept before the app ran could not be carried out (its button never became ready). */
export const TAP_GIVEN_UP = 'No pudimos completar lo que pulsaste mientras cargaba la página: vuelve a pulsarlo.';

/**
 * Taps kept before the app took the page over (lib/taps.ts) are carried out once it has, and once it
 * knows who is signed in (a vote before that could not be told from a signed-out press). The first
 * run waits a tick, so the whole tree's effects of that render (the cards' queries learning the account)
 * have run.
 */
export function useTapReplay(): void {
  const { state } = useAuth();
  // Auth says loading until the page is taken over (AuthProvider), so a known state is a taken-over page.
  const known = state.status !== 'loading';
  useEffect(() => {
    if (!known) return;
    let stop: (() => void) | undefined;
    const timer = setTimeout(() => {
      stop = startReplay({ onGiveUp: () => announce(TAP_GIVEN_UP) });
    }, 0);
    return () => {
      clearTimeout(timer);
      stop?.();
    };
  }, [known]);
}

/** After a Google sign-in, back to the page it started from (a path of this site only). */
export function useReturnAfterSignIn(): void {
  const { returnTo, clearReturnTo } = useAuth();
  const navigate = useNavigate();
  useEffect(() => {
    if (!returnTo) return;
    clearReturnTo?.();
    const path = safeNextPath(returnTo);
    if (path && path !== '/') void navigate(path, { replace: true });
  }, [returnTo, clearReturnTo, navigate]);
}

/**
 * A vote or «Guardar» pressed while signed out, offered again once the person is back on that page
 * signed in (lib/pendingIntent.ts): «Sí» presses the same button, «No» forgets it.
 */
export function IntentOffer() {
  const { state } = useAuth();
  const { pathname } = useLocation();
  // Bumped when the offer is answered, so the next render reads storage again (and finds nothing).
  const [, setAnswered] = useState(0);
  // Storage is read only once signed in, which auth says only after the page was taken over
  // (AuthProvider): the server's HTML (and the render taking it over) has no offer.
  const offer: PendingIntent | null = state.status === 'signedIn' ? pendingIntentFor(pathname) : null;
  if (!offer) return null;
  const answer = (yes: boolean) => {
    forgetIntent();
    setAnswered((n) => n + 1);
    if (yes) keepTap(offer.intent);
  };
  return (
    <div className="intent-offer" role="status">
      <p>{offer.question}</p>
      <button type="button" className="button button--small button--primary" onClick={() => answer(true)}>
        Sí
      </button>
      <button type="button" className="button button--small" onClick={() => answer(false)}>
        No, gracias
      </button>
    </div>
  );
}

/**
 * The apodo typed at registration, when the code was confirmed elsewhere (`/login`, another tab):
 * claimed once the account is signed in without one (lib/pendingName.ts), once per account and name;
 * if it cannot be (taken meanwhile), the apodo prompt offers it prefilled. Not on the sign-in pages:
 * registration claims it itself there. Returns whether a claim is under way (the prompt waits for it,
 * rather than flashing «Elige tu apodo» at someone who chose one).
 */
export function useClaimPendingName(): boolean {
  const account = useAccount();
  const { state } = account;
  const { mutateAsync: claim } = useClaimName();
  const { pathname } = useLocation();
  const tried = useRef(new Set<string>());
  const [failed, setFailed] = useState<ReadonlySet<string>>(new Set());
  const me = state.status === 'ready' ? state.me : null;
  const onSignInPage = pathname === '/register' || pathname === '/login';
  const name = me && me.name === null ? pendingNameFor(me.email) : null;
  const attempt = me && name ? `${me.email}\n${name}` : null;
  useEffect(() => {
    if (!attempt || !name || onSignInPage || tried.current.has(attempt)) return;
    tried.current.add(attempt);
    claim(name).then(
      () => void account.reload(),
      // Taken meanwhile, or refused: the apodo prompt asks again, prefilled.
      () => setFailed((before) => new Set(before).add(attempt)),
    );
  }, [attempt, name, onSignInPage, claim, account]);
  return attempt !== null && !failed.has(attempt);
}
