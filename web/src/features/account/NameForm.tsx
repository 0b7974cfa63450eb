import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { checkName } from '@contract/apodos';
import { ERRORS } from '@contract/errors';
import { ApodoField } from '../../components/ApodoField';
import { ErrorAlert } from '../../components/ErrorAlert';
import { SubmitButton } from '../../components/FormFields';
import { useAccount } from '../../lib/account';
import { errorMessage, useApi } from '../../lib/api';
import '../../components/amplifyUi.css';

type Props = {
  /** The apodo now, if any (the field starts with it). */
  current?: string | null;
  submitLabel: string;
  /** Called with the stored apodo once the API accepted it. */
  onSaved?: (name: string) => void;
};

/** The apodo field and its button: checked with the contract's rules first, then `PUT /me/name`. */
export function NameForm({ current, submitLabel, onSaved }: Props) {
  const api = useApi();
  const account = useAccount();
  const [name, setName] = useState(current ?? '');
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const rename = useMutation({
    mutationFn: (wanted: string) => api.call('accounts.setName', { body: { name: wanted } }),
    // GET /me is read again before the form says so, so the header already shows the new apodo.
    onSuccess: async (stored) => {
      await account.reload();
      setName(stored.name);
      setSaved(`Ahora firmas como «${stored.name}».`);
      onSaved?.(stored.name);
    },
    onError: (failure) => setError(errorMessage(failure)),
  });
  const busy = rename.isPending;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved(null);
    if (!checkName(name).ok) {
      setError(ERRORS.INVALID_NAME.message);
      return;
    }
    setError(null);
    rename.mutate(name);
  }

  return (
    <form className="stack" onSubmit={handleSubmit} noValidate>
      {error && <ErrorAlert>{error}</ErrorAlert>}
      <ApodoField value={name} onChange={setName} />
      {saved && (
        <p role="status" className="notice-text">
          {saved}
        </p>
      )}
      <SubmitButton busy={busy} loadingText="Guardando…" isFullWidth={false}>
        {submitLabel}
      </SubmitButton>
    </form>
  );
}
