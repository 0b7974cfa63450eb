import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { REJECTION_REASON_LABELS, type ModerationAction, type RejectionReason } from '@contract/moderation';
import { LocalTime } from '../../components/LocalTime';
import { useApi } from '../../lib/api';
import { queryKeys } from '../../lib/queries';
import { usePagedList } from '../../lib/usePagedList';
import { ModeratorsListPage } from './ModeratorsListPage';

const VERBS: Record<ModerationAction['action'], string> = {
  publish: 'publicó',
  reject: 'rechazó',
  remove: 'retiró',
  restore: 'restauró',
  suspend: 'suspendió',
  lift: 'levantó la suspensión de',
  'appeal.lift': 'aceptó el recurso y levantó la suspensión de',
  'appeal.uphold': 'rechazó el recurso y mantuvo la suspensión de',
};

/** What was acted on, in words: a post links to its page (where it is public, it shows there). */
function targetOf(entry: ModerationAction): ReactNode {
  if (entry.target.type === 'post') return <Link to={`/post/${encodeURIComponent(entry.target.id)}`}>una anécdota</Link>;
  if (entry.target.type === 'comment') return 'un comentario';
  return 'una cuenta';
}

/** «publicó una anécdota», «retiró un comentario», «levantó la suspensión de una cuenta»… */
export function actionInWords(entry: ModerationAction): ReactNode {
  return (
    <>
      {VERBS[entry.action]} {targetOf(entry)}
    </>
  );
}

/** A rejection's reason in words (the fixed list); a suspension's as its moderator wrote it. */
export function reasonInWords(entry: ModerationAction): string | null {
  if (entry.reason === null) return null;
  if (entry.target.type === 'post' && entry.reason in REJECTION_REASON_LABELS)
    return REJECTION_REASON_LABELS[entry.reason as RejectionReason];
  return entry.reason;
}

/**
 * `/moderar/registro` (moderators): every moderator action — decisions, removals, restores,
 * suspensions and lifts — newest first, with «Cargar más»: who, what, on what, why and when.
 */
export default function ModerationLogPage() {
  const api = useApi();
  const log = usePagedList<ModerationAction>(queryKeys.moderationLog, (cursor, signal) =>
    api.call('moderation.log', { query: { cursor } }, { signal }),
  );
  return (
    <ModeratorsListPage
      title="Registro de moderación"
      headingId="log-title"
      intro="Todo lo que hace el equipo de moderación, de lo más reciente a lo más antiguo: decisiones, retiradas, restauraciones, suspensiones y levantamientos. Los votos de la comunidad no aparecen aquí."
      list={log}
      label="Acciones de moderación, de la más reciente a la más antigua"
      loadingLabel="Cargando el registro…"
      empty="Todavía no hay ninguna acción de moderación."
      renderItem={(entry) => {
        const reason = reasonInWords(entry);
        return (
          <li className="log-entry">
            <p className="log-entry__what">
              <strong className="log-entry__who">{entry.by}</strong> {actionInWords(entry)}
            </p>
            {reason !== null && (
              <p className="log-entry__reason">
                <span className="log-entry__label">Motivo:</span> {reason}
              </p>
            )}
            <p className="log-entry__when">
              <LocalTime iso={entry.at} />
            </p>
          </li>
        );
      }}
    />
  );
}
