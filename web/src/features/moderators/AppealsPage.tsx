import { useId, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { APPEAL_REPLY_MAX_LENGTH, isAppealText, type Appeal, type AppealDecision } from '@contract/appeals';
import { postLength } from '@contract/common';
import { LocalTime } from '../../components/LocalTime';
import { ApiError, errorMessage, useApi } from '../../lib/api';
import { queryKeys } from '../../lib/queries';
import { ModeratorsListPage, useLeavingList } from './ModeratorsListPage';

/**
 * `/moderar/recursos` (moderators): the open appeals against suspensions, oldest first, «Cargar más»;
 * each with the account's apodo, the suspension's reason and the appeal's words, and «Levantar» or
 * «Mantener» with a reply the author reads in «Avisos». An answered appeal leaves the list.
 */
export default function AppealsPage() {
  const api = useApi();
  const appeals = useLeavingList<Appeal>(
    queryKeys.appeals,
    (cursor, signal) => api.call('appeals.open', { query: { cursor } }, { signal }),
    [queryKeys.appealCount, queryKeys.suspensions, queryKeys.moderationLog],
  );
  return (
    <ModeratorsListPage
      title="Recursos"
      headingId="appeals-title"
      intro="Cuentas suspendidas que piden que se revise su suspensión, del recurso más antiguo al más reciente. «Levantar» la termina en el acto; «Mantener» la deja como está. La persona recibe tu respuesta en «Avisos»."
      announcement={appeals.announcement}
      list={appeals.list}
      label="Recursos pendientes, del más antiguo al más reciente"
      loadingLabel="Cargando los recursos…"
      empty="No hay recursos pendientes."
      renderItem={(appeal) => <AppealItem appeal={appeal} onDecided={(message) => appeals.leave(appeal.id, message)} />}
    />
  );
}

const DONE: Record<AppealDecision, (name: string) => string> = {
  lift: (name) => `Recurso de «${name}» aceptado: la suspensión se ha levantado.`,
  uphold: (name) => `Recurso de «${name}» rechazado: la suspensión se mantiene.`,
};

/** The answers to an appeal, as its buttons say them: lifting the suspension is the one put first. */
const ANSWERS: Array<{ decision: AppealDecision; verb: string; className: string }> = [
  { decision: 'lift', verb: 'Levantar', className: 'button button--small button--primary' },
  { decision: 'uphold', verb: 'Mantener', className: 'button button--small' },
];

function AppealItem({ appeal, onDecided }: { appeal: Appeal; onDecided: (message: string) => void }) {
  const api = useApi();
  const [reply, setReply] = useState('');
  const [error, setError] = useState<string | null>(null);
  const titleId = `appeal-${appeal.id}`;
  const replyId = useId();
  const decide = useMutation({
    mutationFn: (decision: AppealDecision) =>
      api.call('appeals.decide', { params: { id: appeal.id }, body: { decision, reply } }, { idempotencyKey: crypto.randomUUID() }),
    onSuccess: (decided) => onDecided(DONE[decided.decision ?? 'uphold'](appeal.name)),
    onError: (failure) => {
      // Answered by someone else meanwhile: it is no longer open either way.
      if (failure instanceof ApiError && (failure.code === 'ALREADY_DECIDED' || failure.code === 'APPEAL_NOT_FOUND'))
        onDecided(failure.message);
      else setError(errorMessage(failure));
    },
  });

  function answer(decision: AppealDecision) {
    if (!isAppealText(reply, APPEAL_REPLY_MAX_LENGTH)) {
      setError(`Escribe una respuesta para la persona (de 1 a ${APPEAL_REPLY_MAX_LENGTH} caracteres).`);
      return;
    }
    setError(null);
    decide.mutate(decision);
  }

  const busy = decide.isPending;
  return (
    <li>
      <article className="moderators-item appeal-item" aria-labelledby={titleId}>
        <h2 id={titleId} className="moderators-item__title">
          {appeal.name}
        </h2>
        <dl className="moderators-item__facts">
          <dt>Motivo de la suspensión</dt>
          <dd className="moderators-item__reason">{appeal.suspension.reason}</dd>
          <dt>Suspendida por</dt>
          <dd>{appeal.suspension.by}</dd>
          <dt>Recurso enviado</dt>
          <dd>
            <LocalTime iso={appeal.createdAt} />
          </dd>
        </dl>
        <blockquote className="appeal__text">{appeal.text}</blockquote>
        <label htmlFor={replyId}>Tu respuesta</label>
        <textarea
          id={replyId}
          value={reply}
          rows={3}
          maxLength={APPEAL_REPLY_MAX_LENGTH}
          onChange={(event) => {
            setReply(event.target.value);
            setError(null);
          }}
        />
        <p className="appeal__counter">
          {postLength(reply)}/{APPEAL_REPLY_MAX_LENGTH}
        </p>
        {error && (
          <p className="suspend__error" role="alert">
            {error}
          </p>
        )}
        <div className="appeal__actions">
          {ANSWERS.map(({ decision, verb, className }) => (
            <button
              key={decision}
              type="button"
              className={className}
              onClick={() => answer(decision)}
              disabled={busy}
              aria-label={`${verb} la suspensión de ${appeal.name}`}
            >
              {verb}
            </button>
          ))}
        </div>
      </article>
    </li>
  );
}
