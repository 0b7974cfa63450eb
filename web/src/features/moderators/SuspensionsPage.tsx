import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { PERMANENT_SUSPENSION } from '@contract/accountRules';
import type { Suspension } from '@contract/moderation';
import { LocalTime } from '../../components/LocalTime';
import { ApiError, errorMessage, useApi } from '../../lib/api';
import { queryKeys } from '../../lib/queries';
import { ModeratorsListPage, useLeavingList } from './ModeratorsListPage';

/**
 * `/moderar/suspensiones` (moderators): the suspensions in force, newest first, «Cargar más»; each
 * with who, until when, why, by whom and since when, and «Levantar», after which the account writes
 * again at once and the suspension leaves the list.
 */
export default function SuspensionsPage() {
  const api = useApi();
  const suspensions = useLeavingList<Suspension>(
    queryKeys.suspensions,
    (cursor, signal) => api.call('moderation.suspensions', { query: { cursor } }, { signal }),
    [queryKeys.moderationLog],
  );
  return (
    <ModeratorsListPage
      title="Suspensiones"
      headingId="suspensions-title"
      intro="Las cuentas suspendidas ahora mismo, de la suspensión más reciente a la más antigua. Mientras dura, la cuenta puede leer y borrar lo suyo, pero no publicar, votar, comentar ni denunciar. Se suspende desde una anécdota o un comentario («Suspender autor»)."
      announcement={suspensions.announcement}
      list={suspensions.list}
      label="Suspensiones en vigor, de la más reciente a la más antigua"
      loadingLabel="Cargando las suspensiones…"
      empty="No hay ninguna cuenta suspendida."
      renderItem={(suspension) => (
        <SuspensionItem suspension={suspension} onLifted={(message) => suspensions.leave(suspension.id, message)} />
      )}
    />
  );
}

function SuspensionItem({ suspension, onLifted }: { suspension: Suspension; onLifted: (message: string) => void }) {
  const api = useApi();
  const [lifting, setLifting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const titleId = `suspension-${suspension.id}`;

  const liftMutation = useMutation({
    mutationFn: () => api.call('moderation.lift', { params: { id: suspension.id } }),
    onSuccess: () => onLifted(`Suspensión de «${suspension.name}» levantada: ya puede volver a escribir.`),
    onError: (failure) => {
      // Lifted by someone else meanwhile, or already over: it is no longer in force either way.
      if (failure instanceof ApiError && failure.code === 'SUSPENSION_NOT_FOUND') onLifted(failure.message);
      else {
        setError(errorMessage(failure));
        setLifting(false);
      }
    },
  });

  function lift() {
    setLifting(true);
    setError(null);
    liftMutation.mutate();
  }

  return (
    <li>
      <article className="moderators-item" aria-labelledby={titleId}>
        <h2 id={titleId} className="moderators-item__title">
          {suspension.name}
        </h2>
        <dl className="moderators-item__facts">
          <dt>Hasta</dt>
          <dd>{suspension.until === PERMANENT_SUSPENSION ? 'Para siempre' : <LocalTime iso={suspension.until} />}</dd>
          <dt>Motivo</dt>
          <dd className="moderators-item__reason">{suspension.reason}</dd>
          <dt>Suspendida por</dt>
          <dd>{suspension.by}</dd>
          <dt>Desde</dt>
          <dd>
            <LocalTime iso={suspension.createdAt} />
          </dd>
        </dl>
        {error && (
          <p className="suspend__error" role="alert">
            {error}
          </p>
        )}
        <button
          type="button"
          className="button button--small"
          onClick={lift}
          disabled={lifting}
          aria-busy={lifting}
          aria-label={`Levantar la suspensión de ${suspension.name}`}
        >
          {lifting ? 'Levantando…' : 'Levantar'}
        </button>
      </article>
    </li>
  );
}
