import { useLocation } from 'react-router-dom';
import { ErrorAlert } from '../../components/ErrorAlert';
import { useAccount } from '../../lib/account';
import { forgetName, pendingNameFor } from '../../lib/pendingName';
import { NameForm } from './NameForm';

/**
 * Shown above every page to a signed-in account without an apodo (a Google account's first visit,
 * or a registration whose apodo was taken meanwhile): until it chooses one, its posts say «Anonimo».
 */
export default function NamePrompt() {
  const { state } = useLocation() as { state: { nameError?: string } | null };
  const account = useAccount();
  // The apodo typed at registration that could not be claimed: offered again, prefilled.
  const kept = account.state.status === 'ready' ? pendingNameFor(account.state.me.email) : null;
  return (
    <section className="name-prompt narrow" aria-labelledby="name-prompt-title">
      <h2 id="name-prompt-title">Elige tu apodo</h2>
      {state?.nameError && <ErrorAlert>{`No pudimos guardar el apodo que elegiste: ${state.nameError}`}</ErrorAlert>}
      <p>Todavía no tienes apodo: hasta que lo elijas, lo que publiques aparecerá firmado como «Anonimo».</p>
      {kept && !state?.nameError && (
        <p>{`No pudimos guardar «${kept}», el apodo que elegiste al registrarte: quizá ya lo usa alguien. Prueba con ese u otro.`}</p>
      )}
      <NameForm current={kept} submitLabel="Guardar mi apodo" onSaved={() => forgetName()} />
    </section>
  );
}
