import { useBlockToggle, useIsBlocked, useMayBlock } from './useBlocks';

/**
 * «Bloquear» / «Desbloquear» an author (on their page, and in a comment's row of actions): only for a
 * signed-in reader and not on their own name. Blocking folds everything of theirs at once — the
 * comment holding this button included — and stops their notices; they are never told. What happened,
 * or why not (the fold put back), is said in the site's status area, which outlives the folded row.
 */
export function BlockButton({ name }: { name: string }) {
  const may = useMayBlock(name);
  const blocked = useIsBlocked(name);
  const toggle = useBlockToggle(name);
  if (!may) return null;
  return (
    <button
      type="button"
      className="link-button block-control"
      aria-pressed={blocked}
      aria-busy={toggle.isPending}
      aria-label={blocked ? `Desbloquear a ${name}` : `Bloquear a ${name}`}
      onClick={() => {
        if (toggle.isPending) return;
        toggle.mutate(!blocked);
      }}
    >
      {blocked ? 'Desbloquear' : 'Bloquear'}
    </button>
  );
}
