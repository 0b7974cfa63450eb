import { AuthorName } from '../../components/AuthorName';
import { ErrorAlert } from '../../components/ErrorAlert';
import { errorMessage } from '../../lib/api';
import { useBlockList, useBlockToggle } from './useBlocks';

/**
 * «Mi cuenta»'s list of blocked accounts, by the apodo each holds now, each with «Desbloquear»;
 * what to do to block someone when there is nobody.
 */
export function BlockedList() {
  const { names, error } = useBlockList();
  if (error) return <ErrorAlert>{errorMessage(error)}</ErrorAlert>;
  if (!names) return <p role="status">Cargando…</p>;
  if (names.length === 0) {
    return <p>No has bloqueado a nadie. Puedes hacerlo desde la página de un autor o junto a uno de sus comentarios.</p>;
  }
  return (
    <>
      <p>No ves lo que publican ni te llegan sus avisos; no saben que les has bloqueado.</p>
      <ul className="blocked-list" aria-label="Cuentas bloqueadas">
        {names.map((name) => (
          <BlockedRow key={name} name={name} />
        ))}
      </ul>
    </>
  );
}

/** One blocked apodo; «Desbloquear» takes it off the list at once (back, and said why, if the API refuses). */
function BlockedRow({ name }: { name: string }) {
  const toggle = useBlockToggle(name);
  return (
    <li className="blocked-list__item">
      <AuthorName name={name} />
      <button
        type="button"
        className="button button--small"
        aria-label={`Desbloquear a ${name}`}
        aria-busy={toggle.isPending}
        onClick={() => {
          if (toggle.isPending) return;
          toggle.mutate(false);
        }}
      >
        Desbloquear
      </button>
    </li>
  );
}
