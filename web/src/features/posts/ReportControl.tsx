import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { REPORT_REASONS, REPORT_REASON_LABELS, type ReportReason } from '@contract/moderation';
import { ApiError, errorMessage, useApi } from '../../lib/api';
import { useSubmissionKey } from '../../lib/submissionKey';

type State =
  | { step: 'closed' }
  | { step: 'choosing'; reason: ReportReason | null; sending: boolean; error: string | null; signIn: boolean }
  | { step: 'sent'; message: string };

/** What is reported: a post, or one comment. */
export type ReportTarget = { kind: 'post'; id: string } | { kind: 'comment'; id: string };

/**
 * «Denunciar» on a published post or a comment: pick a reason, send it. Reporting needs an account;
 * a signed-out reader is told so, with a link to sign in. Three distinct reports hide the item for
 * moderators.
 */
export function ReportControl(props: { postId: string } | { target: ReportTarget }) {
  const target: ReportTarget = 'target' in props ? props.target : { kind: 'post', id: props.postId };
  const api = useApi();
  const submission = useSubmissionKey();
  const [state, setState] = useState<State>({ step: 'closed' });
  const legendId = useId();

  if (state.step === 'closed') {
    return (
      <button
        type="button"
        className="link-button"
        onClick={() => setState({ step: 'choosing', reason: null, sending: false, error: null, signIn: false })}
      >
        Denunciar
      </button>
    );
  }
  if (state.step === 'sent') {
    return (
      <p className="report__done" role="status">
        {state.message}
      </p>
    );
  }

  const choosing = state;
  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!choosing.reason || choosing.sending) return;
    setState({ ...choosing, sending: true, error: null });
    try {
      const options = { idempotencyKey: submission.keyFor({ target, reason: choosing.reason }) };
      if (target.kind === 'post') await api.reportPost(target.id, choosing.reason, options);
      else await api.reportComment(target.id, choosing.reason, options);
      submission.done();
      setState({ step: 'sent', message: 'Gracias: hemos recibido tu denuncia.' });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'ALREADY_REPORTED') {
        setState({ step: 'sent', message: error.message });
        return;
      }
      const signIn = error instanceof ApiError && error.code === 'UNAUTHORIZED';
      setState({ ...choosing, sending: false, error: signIn ? 'Tienes que iniciar sesión para denunciar.' : errorMessage(error), signIn });
    }
  }

  return (
    <form className="report" onSubmit={(event) => void send(event)}>
      <fieldset className="report__reasons" aria-describedby={choosing.error ? `${legendId}-error` : undefined}>
        <legend id={legendId}>{target.kind === 'post' ? '¿Por qué la denuncias?' : '¿Por qué lo denuncias?'}</legend>
        {REPORT_REASONS.map((reason) => (
          <label key={reason} className="report__reason">
            <input
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
          {choosing.error} {choosing.signIn && <Link to="/login">Iniciar sesión</Link>}
        </p>
      )}
      <div className="report__actions">
        <button type="submit" className="button button--small" disabled={!choosing.reason || choosing.sending} aria-busy={choosing.sending}>
          {choosing.sending ? 'Enviando…' : 'Enviar denuncia'}
        </button>
        <button type="button" className="link-button" onClick={() => setState({ step: 'closed' })}>
          Cancelar
        </button>
      </div>
    </form>
  );
}
