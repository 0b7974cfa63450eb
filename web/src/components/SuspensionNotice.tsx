import { Link } from 'react-router-dom';
import { PERMANENT_SUSPENSION } from '@contract/accountRules';
import { useAccount } from '../lib/account';
import { LocalTime } from './LocalTime';

/** Whether `until` (GET /me's `suspendedUntil`) is a suspension still in force at `now`. */
export function suspendedAt(until: string | null, now = Date.now()): until is string {
  return until !== null && (until === PERMANENT_SUSPENSION || Date.parse(until) > now);
}

/** «hasta el 3 de mayo de 2025, 14:05» or «de forma permanente», as a sentence about the reader's account. */
export function SuspensionSentence({ until }: { until: string }) {
  return until === PERMANENT_SUSPENSION ? (
    <>Tu cuenta está suspendida de forma permanente.</>
  ) : (
    <>
      Tu cuenta está suspendida hasta el <LocalTime iso={until} />.
    </>
  );
}

/** «Motivo: «…»», the moderator's reason as plain text (never markup); nothing when there is none. */
export function SuspensionReason({ reason }: { reason: string | null }) {
  if (reason === null || reason.trim() === '') return null;
  return <span className="suspension-notice__reason">Motivo: «{reason}»</span>;
}

/** What a suspended account may still do (and what it may not), as the API enforces it. */
export const SUSPENSION_LIMITS =
  'El equipo de moderación la ha suspendido por no respetar las normas: puedes leer y borrar lo tuyo, pero no publicar, votar, comentar ni denunciar mientras dure.';

/**
 * The signed-in account's suspension, from `GET /me`'s `suspendedUntil` and `suspensionReason`: until
 * when (or that it is for good), why, and what it stops. `header` is the one line under the site's header on every page (with a
 * link to «Mi cuenta»); `account` is «Mi cuenta»'s section. Nothing when the account is not suspended.
 */
export function SuspensionNotice({ variant }: { variant: 'header' | 'account' }) {
  const { state } = useAccount();
  if (state.status !== 'ready' || !suspendedAt(state.me.suspendedUntil)) return null;
  const until = state.me.suspendedUntil;
  const reason = state.me.suspensionReason;
  if (variant === 'header') {
    return (
      <p className="suspension-notice suspension-notice--header">
        <SuspensionSentence until={until} /> <SuspensionReason reason={reason} /> <Link to="/cuenta">Qué significa</Link>
        {state.me.appeal === null && (
          <span className="suspension-notice__appeal">
            {' '}
            · <Link to="/cuenta#recurrir">Recurrir</Link>
          </span>
        )}
      </p>
    );
  }
  return (
    <section className="suspension-notice" aria-labelledby="suspension-title">
      <h2 id="suspension-title">Cuenta suspendida</h2>
      <p>
        <strong>
          <SuspensionSentence until={until} />
        </strong>
      </p>
      {reason !== null && reason.trim() !== '' ? (
        <p>
          <SuspensionReason reason={reason} />
        </p>
      ) : null}
      <p>{SUSPENSION_LIMITS}</p>
    </section>
  );
}
