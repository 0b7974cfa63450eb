import { useEffect, useId, useState, type FormEvent } from 'react';
import { Button, SelectField, TextAreaField } from '@aws-amplify/ui-react';
import { postLength } from '@contract/common';
import { ERRORS } from '@contract/errors';
import { MAX_POST_LENGTH, type CreatePostRequest } from '@contract/posts';
import { CATEGORIES, DEFAULT_CATEGORY, type Category } from '@contract/categories';
import { ErrorAlert } from '../../components/ErrorAlert';
import { checkedPost } from '../../lib/checkedPost';
import { categoryLabel } from '../../lib/format';
import { useSession } from '../../lib/session';
import { clearDraft, keepDraft, readDraft } from './draft';
import { SimilarPosts, useDebouncedSimilarText } from './SimilarPosts';
import '../../components/amplifyUi.css';

type Props = {
  /** Publishes the post; rejects with an Error whose message is Spanish text for people. */
  onSubmit: (request: CreatePostRequest) => Promise<void>;
};

/**
 * The new-post form. The category is bound to state (default `varios`: what is shown is what is
 * sent); the text may run past the contract's MAX_POST_LENGTH while it is written (a paste is never
 * cut), the counter then says how much to cut, and the contract's own validation decides what may be
 * sent. On failure the text stays so nothing is lost. The draft is kept for the tab (./draft.ts) until
 * it is sent, so a look at one of «¿Se parece a alguna de estas?» (asked while writing, debounced, and
 * on «Enviar»; never a reason not to send) loses nothing.
 */
export function NewPostForm({ onSubmit }: Props) {
  const who = useSession();
  const [kept] = useState(() => readDraft(who));
  const [category, setCategory] = useState<Category>(kept?.category ?? DEFAULT_CATEGORY);
  const [text, setText] = useState(kept?.text ?? '');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const rulesId = useId();
  const length = postLength(text);
  const over = length - MAX_POST_LENGTH;
  const similar = useDebouncedSimilarText(text);

  useEffect(() => keepDraft(who, { category, text }), [who, category, text]);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    similar.now();
    const request = checkedPost(category, text, setError);
    if (!request) return;
    setSending(true);
    setError(null);
    try {
      await onSubmit(request);
      clearDraft(who);
    } catch (failure) {
      setError(failure instanceof Error && failure.message ? failure.message : ERRORS.INTERNAL_ERROR.message);
    } finally {
      setSending(false);
    }
  }

  return (
    <form className="stack" onSubmit={(event) => void handleSubmit(event)} noValidate aria-describedby={rulesId}>
      <div id={rulesId} className="rules">
        <h2 className="rules__title">Antes de escribir</h2>
        <ul>
          <li>Nada de temas tabú: ni odio, ni datos personales de nadie.</li>
          <li>Exprésate en {MAX_POST_LENGTH} caracteres como máximo.</li>
          <li>Repasa la ortografía: las anécdotas mal escritas no se publicarán.</li>
          <li>Si la tuya no se publica, gracias de todas formas por contarla.</li>
        </ul>
      </div>
      {error && <ErrorAlert>{error}</ErrorAlert>}
      <SelectField label="Categoria" name="category" value={category} onChange={(event) => setCategory(event.target.value as Category)}>
        {CATEGORIES.map((value) => (
          <option key={value} value={value}>
            {categoryLabel(value)}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        label="Post"
        name="post"
        rows={6}
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="Hoy, ¡vaya día! …"
        hasError={over > 0}
        descriptiveText={
          <span className={over > 0 ? 'counter counter--over' : 'counter'} data-testid="post-counter">
            {length}/{MAX_POST_LENGTH} caracteres
            {over > 0 &&
              ` · Sobra${over === 1 ? '' : 'n'} ${over} ${over === 1 ? 'carácter' : 'caracteres'}: acórtala para poder enviarla.`}
          </span>
        }
        isRequired
      />
      <SimilarPosts text={similar.asked} />
      <div>
        <Button type="submit" variation="primary" isDisabled={sending} isLoading={sending} loadingText="Enviando…">
          Enviar
        </Button>
      </div>
    </form>
  );
}
