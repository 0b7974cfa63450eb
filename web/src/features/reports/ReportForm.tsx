import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { REPORT_REASONS, REPORT_REASON_LABELS, type ReportReason } from '@contract/moderation';
import { ApiError, errorMessage, useApi } from '../../lib/api';
import { announce } from '../../lib/announcer';
import { useSubmissionKey } from '../../lib/submissionKey';
import { useSignInHref } from '../../lib/nextPath';
import type { ReportTarget } from './ReportControl';
import { useSession } from '../../lib/session';

type State =
  | { step: 'signIn' }
  | { step: 'choosing'; reason: ReportReason | null; sending: boolean; error: string | null; signIn: boolean }
  | { step: 'sent'; message: string; announced: boolean };

const THANKS = 'Gracias: hemos recibido tu denuncia.';

/**
 * The «Denunciar» form, its own script (ReportControl loads it on the first tap): pick a reason, send
 * it. A reader known to be signed out is asked to sign in instead (and one whose session ran out, when
 * the API says so). Three distinct reports hide the item for moderators, so the thanks is also said in
 * the site's status area: the card may leave the page the moment the report lands. Keyboard: focus
 * moves to the first reason (or the sign-in link) when it opens; Escape closes it.
 */
export default function ReportForm({ target, onClose }: { target: ReportTarget; onClose: () => void }) {
  const api = useApi();
  const submission = useSubmissionKey();
  const who = useSession();
  const [state, setState] = useState<State>(() =>
    who === null ? { step: 'signIn' } : { step: 'choosing', reason: null, sending: false, error: null, signIn: false },
  );
  const report = useMutation({
    mutationFn: async (reason: ReportReason) => {
      const input = { params: { id: target.id }, body: { reason } };
      const options = { idempotencyKey: submission.keyFor({ target, reason }) };
      await (target.kind === 'post' ? api.call('reports.post', input, options) : api.call('reports.comment', input, options));
    },
    onSuccess: () => {
      submission.done();
      announce(THANKS);
      setState({ step: 'sent', message: THANKS, announced: true });
    },
    onError: (error) => {
      submission.failed(error);
      if (error instanceof ApiError && error.code === 'ALREADY_REPORTED') {
        setState({ step: 'sent', message: error.message, announced: false });
        return;
      }
      const signIn = error instanceof ApiError && error.code === 'UNAUTHORIZED';
      setState((before) =>
        before.step === 'choosing'
          ? { ...before, sending: false, error: signIn ? 'Tienes que iniciar sesión para denunciar.' : errorMessage(error), signIn }
          : before,
      );
    },
  });
  const signIn = useSignInHref();
  const legendId = useId();
  const firstReason = useRef<HTMLInputElement>(null);
  const signInLink = useRef<HTMLAnchorElement>(null);

  useEffect(() => {
    (firstReason.current ?? signInLink.current)?.focus();
  }, []);

  if (state.step === 'signIn') {
    return (
      <p className="report__error" role="alert">
        Inicia sesión para denunciar.{' '}
        <Link ref={signInLink} to={signIn}>
          Iniciar sesión
        </Link>{' '}
        <button type="button" className="link-button" onClick={onClose}>
          Cerrar
        </button>
      </p>
    );
  }
  if (state.step === 'sent') {
    return (
      // The thanks is read out by the site's status area; only what it does not say is read here.
      <p className="report__done" role={state.announced ? undefined : 'status'}>
        {state.message}
      </p>
    );
  }

  const choosing = state;
  function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!choosing.reason || choosing.sending) return;
    setState({ ...choosing, sending: true, error: null });
    report.mutate(choosing.reason);
  }

  return (
    // Escape from any of the form's own controls closes it (the disclosure pattern): the key events bubble
    // up from those interactive controls, the form itself takes no clicks.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <form
      className="report"
      onSubmit={send}
      onKeyDown={(event: KeyboardEvent<HTMLFormElement>) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onClose();
        }
      }}
    >
      <fieldset className="report__reasons" aria-describedby={choosing.error ? `${legendId}-error` : undefined}>
        <legend id={legendId}>{target.kind === 'post' ? '¿Por qué la denuncias?' : '¿Por qué lo denuncias?'}</legend>
        {REPORT_REASONS.map((reason, index) => (
          <label key={reason} className="report__reason">
            <input
              ref={index === 0 ? firstReason : undefined}
              type="radio"
              name={`report-${target.kind}-${target.id}`}
              value={reason}
              checked={choosing.reason === reason}
              onChange={() => setState({ ...choosing, reason })}
            />
            {REPORT_REASON_LABELS[reason]}
          </label>
        ))}
      </fieldset>
      {choosing.error && (
        <p id={`${legendId}-error`} className="report__error" role="alert">
          {choosing.error} {choosing.signIn && <Link to={signIn}>Iniciar sesión</Link>}
        </p>
      )}
      <div className="report__actions">
        <button type="submit" className="button button--small" disabled={!choosing.reason || choosing.sending} aria-busy={choosing.sending}>
          {choosing.sending ? 'Enviando…' : 'Enviar denuncia'}
        </button>
        <button type="button" className="link-button" onClick={onClose}>
          Cancelar
        </button>
      </div>
    </form>
  );
}
