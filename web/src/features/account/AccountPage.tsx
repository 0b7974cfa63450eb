import { useState, type ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Button, CheckboxField } from '@aws-amplify/ui-react';
import { ANONYMOUS_NAME } from '@contract/accountRules';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageSpinner } from '../../components/PageSpinner';
import { SuspensionNotice } from '../../components/SuspensionNotice';
import { useAccount } from '../../lib/account';
import { errorMessage, useApi } from '../../lib/api';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { DataDownload } from './DataDownload';
import { NameForm } from './NameForm';
import '../../components/amplifyUi.css';

type Props = {
  /** After the account is gone: sign out and leave (the app does it; features do not sign out). */
  onDeleted: () => Promise<void>;
  /** «Cambiar contraseña»: the identity service's form, which the app hands over (features do not import one another). */
  passwordForm?: ReactNode;
  /** «Cuentas bloqueadas»: the list to undo blocks, which the app hands over (another feature's). */
  blocks?: ReactNode;
  /** «Recurrir» a suspension in force, under the notice of it (the app hands it over, like the password form). */
  appealPanel?: ReactNode;
};

/**
 * `/cuenta` («Mi cuenta», signed-in users): the email, the apodo to change, the password, the accounts
 * one blocked, the download of one's data, and deleting the account (keeping what it wrote signed «Anonimo», or deleting it too).
 */
export default function AccountPage({ onDeleted, passwordForm, blocks, appealPanel }: Props) {
  useDocumentTitle('Mi cuenta');
  const { state } = useAccount();
  const api = useApi();
  const [confirming, setConfirming] = useState(false);
  const [eraseContent, setEraseContent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The account goes, then the app signs out and leaves; until then the buttons stay busy.
  const remove = useMutation({
    mutationFn: async () => {
      await api.call('accounts.remove', { body: { content: eraseContent ? 'delete' : 'keep' } });
      await onDeleted();
    },
    onMutate: () => setError(null),
    onError: (failure) => setError(errorMessage(failure)),
  });
  const deleting = remove.isPending || remove.isSuccess;

  if (state.status === 'none' || state.status === 'loading') return <PageSpinner label="Cargando tu cuenta…" />;
  if (state.status === 'error') {
    return (
      <section className="narrow">
        <h1>Mi cuenta</h1>
        <ErrorAlert>{state.message}</ErrorAlert>
      </section>
    );
  }
  const { me } = state;

  return (
    <section className="narrow stack account-page">
      <h1>Mi cuenta</h1>
      <SuspensionNotice variant="account" />
      {appealPanel}
      <p>
        Has entrado como <strong>{me.email}</strong>. Tu email no se publica nunca.
      </p>
      <h2>Tu apodo</h2>
      <p>Ahora firmas como «{me.name ?? ANONYMOUS_NAME}». Si lo cambias, también cambia en lo que ya publicaste.</p>
      <NameForm current={me.name} submitLabel="Cambiar el apodo" />
      {passwordForm}
      {blocks && (
        <>
          <h2>Cuentas bloqueadas</h2>
          {blocks}
        </>
      )}
      <h2>Tus datos</h2>
      <DataDownload />
      <h2>Eliminar la cuenta</h2>
      {error && <ErrorAlert>{error}</ErrorAlert>}
      {confirming ? (
        <div className="stack danger-zone" role="group" aria-labelledby="delete-question">
          <p id="delete-question">
            <strong>¿Seguro que quieres eliminar tu cuenta?</strong> No se puede deshacer: no podrás volver a entrar con ella y tu apodo
            quedará libre.
          </p>
          <CheckboxField
            name="erase-content"
            label="Borrar también mis anécdotas y comentarios"
            checked={eraseContent}
            onChange={(event) => setEraseContent(event.target.checked)}
            isDisabled={deleting}
          />
          <p className="account-erase-choice" aria-live="polite">
            {eraseContent
              ? 'Se borrarán todas tus anécdotas (también las que esperan en la cola) y todos tus comentarios: desaparecerán de la portada, del Top, de la búsqueda y de los avisos de los demás.'
              : `Tus anécdotas y comentarios se quedarán en la web, firmados como «${ANONYMOUS_NAME}». Nadie podrá saber que eran tuyos.`}
          </p>
          <Button
            variation="destructive"
            onClick={() => remove.mutate()}
            isDisabled={deleting}
            isLoading={deleting}
            loadingText="Eliminando…"
          >
            {eraseContent ? 'Sí, eliminar mi cuenta y lo que escribí' : 'Sí, eliminar mi cuenta'}
          </Button>
          <Button variation="link" onClick={() => setConfirming(false)} isDisabled={deleting}>
            Cancelar
          </Button>
        </div>
      ) : (
        <>
          <p>
            Al eliminarla podrás elegir si tus anécdotas y comentarios se quedan en la web, firmados como «{ANONYMOUS_NAME}», o se borran
            con ella.
          </p>
          <Button variation="warning" onClick={() => setConfirming(true)}>
            Eliminar mi cuenta
          </Button>
        </>
      )}
    </section>
  );
}
