import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { APPEAL_MAX_LENGTH, isAppealText, type Appeal } from '@contract/appeals';
import { postLength } from '@contract/common';
import { ErrorAlert } from '../../components/ErrorAlert';
import { suspendedAt } from '../../components/SuspensionNotice';
import { useAccount } from '../../lib/account';
import { errorMessage, useApi } from '../../lib/api';
import { useSubmissionKey } from '../../lib/submissionKey';

/** Why a text cannot be sent, in Spanish; null when it can. */
export function appealProblem(text: string): string | null {
  if (text.trim() === '') return 'Escribe por qué crees que la suspensión debería levantarse.';
  if (postLength(text) > APPEAL_MAX_LENGTH) return `El recurso no puede pasar de ${APPEAL_MAX_LENGTH} caracteres.`;
  if (!isAppealText(text, APPEAL_MAX_LENGTH)) return 'El recurso tiene caracteres que no se pueden enviar. Escríbelo de nuevo.';
  return null;
}

/**
 * A suspended account's say, under «Cuenta suspendida» in «Mi cuenta»: «Recurrir» opens a form (1–500
 * characters, with a counter) while the suspension has no appeal; then «Recurso enviado», and once a
 * moderator answers, the decision and their reply (plain text). Nothing when the account is not suspended.
 */
export function AppealPanel() {
  const account = useAccount();
  const { state } = account;
  if (state.status !== 'ready' || !suspendedAt(state.me.suspendedUntil)) return null;
  const { appeal } = state.me;
  return (
    <section className="appeal" id="recurrir" aria-labelledby="appeal-title">
      <h2 id="appeal-title">Recurso</h2>
      {appeal ? <AppealStatus appeal={appeal} /> : <AppealForm onSent={() => account.reload()} />}
    </section>
  );
}

function AppealStatus({ appeal }: { appeal: Appeal }) {
  if (appeal.decision === null) {
    return (
      <div className="appeal__status" role="status">
        <p>
          <strong>Recurso enviado.</strong> El equipo de moderación lo leerá y te responderá en «Avisos».
        </p>
        <blockquote className="appeal__text">{appeal.text}</blockquote>
      </div>
    );
  }
  return (
    <div className="appeal__status" role="status">
      <p>
        <strong>
          {appeal.decision === 'lift'
            ? 'Recurso aceptado: la suspensión se ha levantado.'
            : 'Recurso rechazado: la suspensión se mantiene.'}
        </strong>
      </p>
      <p className="appeal__reply">
        Respuesta de {appeal.decidedBy}: «{appeal.reply}»
      </p>
    </div>
  );
}

function AppealForm({ onSent }: { onSent: () => Promise<void> }) {
  const api = useApi();
  const key = useSubmissionKey();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const fieldId = useId();
  const counterId = useId();
  const send = useMutation({
    mutationFn: (body: { text: string }) => api.call('appeals.appeal', { body }, { idempotencyKey: key.keyFor(body) }),
    onMutate: () => setError(null),
    onSuccess: async () => {
      key.done();
      await onSent();
    },
    onError: async (failure) => {
      key.failed(failure);
      setError(errorMessage(failure));
      // An appeal sent from another tab, or a suspension that ended: what the account is now.
      await onSent();
    },
  });

  if (!open) {
    return (
      <p>
        Si crees que es un error, puedes recurrir la suspensión una vez.{' '}
        <button type="button" className="button" onClick={() => setOpen(true)}>
          Recurrir
        </button>
      </p>
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = appealProblem(text);
    if (problem) {
      setError(problem);
      return;
    }
    send.mutate({ text });
  }

  const length = postLength(text);
  return (
    <form className="appeal__form stack" onSubmit={submit} noValidate>
      <label htmlFor={fieldId}>Por qué debería levantarse la suspensión</label>
      <textarea
        id={fieldId}
        value={text}
        rows={5}
        maxLength={APPEAL_MAX_LENGTH}
        aria-describedby={counterId}
        onChange={(event) => {
          setText(event.target.value);
          setError(null);
        }}
      />
      <p
        id={counterId}
        className={length > APPEAL_MAX_LENGTH ? 'appeal__counter appeal__counter--over' : 'appeal__counter'}
        aria-live="polite"
      >
        {length}/{APPEAL_MAX_LENGTH}
      </p>
      {error && <ErrorAlert>{error}</ErrorAlert>}
      <div className="appeal__actions">
        <button type="submit" className="button button--primary" disabled={send.isPending}>
          {send.isPending ? 'Enviando…' : 'Enviar recurso'}
        </button>
        <button type="button" className="button" onClick={() => setOpen(false)} disabled={send.isPending}>
          Cancelar
        </button>
      </div>
    </form>
  );
}
