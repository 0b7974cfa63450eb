import { useQuery } from '@tanstack/react-query';
import { NavLink } from 'react-router-dom';
import { useApi } from '../../lib/api';
import { queryKeys } from '../../lib/queries';

/** One page of open appeals is counted: past it the menu says «99+». */
const COUNTED_APPEALS = 100;

/** How many appeals are open, for the menu (null until known). */
function useOpenAppeals(): string | null {
  const api = useApi();
  const { data } = useQuery({
    queryKey: queryKeys.appealCount,
    queryFn: ({ signal }) => api.call('appeals.open', { query: { limit: COUNTED_APPEALS } }, { signal }),
  });
  if (!data) return null;
  return data.nextCursor !== null ? `${COUNTED_APPEALS - 1}+` : String(data.items.length);
}

/** The moderators' pages, linked from each of them: the queue (/moderar), the suspensions, the appeals and the log. */
export function ModerationNav() {
  const openAppeals = useOpenAppeals();
  return (
    <nav className="moderation-nav" aria-label="Moderación">
      <ul>
        <li>
          <NavLink to="/moderar" end>
            Cola
          </NavLink>
        </li>
        <li>
          <NavLink to="/moderar/suspensiones">Suspensiones</NavLink>
        </li>
        <li>
          {/* Named by its visible words («Recursos 2 pendientes»), as the bell, so speech input finds it by them
              (axe: label-content-name-mismatch). */}
          <NavLink to="/moderar/recursos">
            Recursos
            {openAppeals !== null && openAppeals !== '0' && (
              <>
                {' '}
                <span className="moderation-nav__count">
                  {openAppeals}
                  <span className="visually-hidden">{openAppeals === '1' ? ' pendiente' : ' pendientes'}</span>
                </span>
              </>
            )}
          </NavLink>
        </li>
        <li>
          <NavLink to="/moderar/registro">Registro</NavLink>
        </li>
      </ul>
    </nav>
  );
}
