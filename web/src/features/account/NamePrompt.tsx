import { useLocation } from 'react-router-dom';
import { FormAlert } from '../../components/FormAlert';
import { NameForm } from './NameForm';

/**
 * Shown above every page to a signed-in account without an apodo (a Google account's first visit,
 * or a registration whose apodo was taken meanwhile): until it chooses one, its posts say «Anónimo».
 */
export default function NamePrompt() {
  const { state } = useLocation() as { state: { nameError?: string } | null };
  return (
    <section className="name-prompt narrow" aria-labelledby="name-prompt-title">
      <h2 id="name-prompt-title">Elige tu apodo</h2>
      {state?.nameError && <FormAlert>{`No pudimos guardar el apodo que elegiste: ${state.nameError}`}</FormAlert>}
      <p>Todavía no tienes apodo: hasta que lo elijas, lo que publiques aparecerá firmado como «Anónimo».</p>
      <NameForm submitLabel="Guardar mi apodo" />
    </section>
  );
}
