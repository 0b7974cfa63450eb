import { useState, type ReactNode } from 'react';
import { useIsBlocked } from './useBlocks';

/**
 * A post or a comment of an author the reader blocked, folded: «Contenido de alguien que bloqueaste ·
 * Mostrar». «Mostrar» opens this one (until the page is left); anything else of theirs stays folded.
 * A post folds as a block of its own (inside the feed's item); a comment as its list's item.
 */
export function BlockedFold({ name, kind, children }: { name: string; kind: 'post' | 'comment'; children: ReactNode }) {
  const blocked = useIsBlocked(name);
  const [shown, setShown] = useState(false);
  if (!blocked || shown) return children;
  const fold = (
    <p className="blocked-fold__line">
      <span>Contenido de alguien que bloqueaste</span>
      <span aria-hidden="true"> · </span>
      <button type="button" className="link-button blocked-fold__show" onClick={() => setShown(true)}>
        Mostrar
      </button>
    </p>
  );
  return kind === 'comment' ? <li className="comment blocked-fold">{fold}</li> : <div className="post-card blocked-fold">{fold}</div>;
}
