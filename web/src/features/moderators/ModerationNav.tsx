import { NavLink } from 'react-router-dom';

/** The moderators' pages, linked from each of them: the queue (/moderar), the suspensions and the log. */
export function ModerationNav() {
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
          <NavLink to="/moderar/registro">Registro</NavLink>
        </li>
      </ul>
    </nav>
  );
}
