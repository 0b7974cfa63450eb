import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { postLength } from '@contract/common';
import { MAX_POST_LENGTH, type CreatePostRequest, type OwnPost } from '@contract/posts';
import { CATEGORIES, type Category } from '@contract/categories';
import { ErrorAlert } from '../../components/ErrorAlert';
import { SendOrCancel } from '../../components/SendOrCancel';
import { errorMessage, useApi } from '../../lib/api';
import { checkedPost } from '../../lib/checkedPost';
import { categoryLabel } from '../../lib/format';

type Props = {
  post: OwnPost;
  /** The post as the API answered: `pending` again, `resent`. */
  onResent: (post: OwnPost) => void;
  onCancel: () => void;
};

/**
 * «Editar y reenviar» a rejected post (PUT /posts/{id}): the form starts with its text and category,
 * runs the contract's checks before sending, and on any error says what to change next to the text,
 * which stays as written.
 */
export function ResendForm({ post, onResent, onCancel }: Props) {
  const api = useApi();
  const [category, setCategory] = useState<Category>(post.category);
  const [text, setText] = useState(post.post);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const resend = useMutation({
    mutationFn: (request: CreatePostRequest) => api.call('posts.resend', { params: { id: post.id }, body: request }),
    onSuccess: (resent) => onResent(resent),
    onError: (failure) => {
      setError(errorMessage(failure));
      setSending(false);
    },
  });

  function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const request = checkedPost(category, text, setError);
    if (!request) return;
    setSending(true);
    setError(null);
    resend.mutate(request);
  }

  return (
    <form className="comment-form resend-form" onSubmit={send} noValidate aria-label="Editar y reenviar">
      <p className="resend-form__note">Solo puedes reenviarla una vez: corrige lo que motivó el rechazo.</p>
      <label htmlFor={`${id}-category`} className="comment-form__label">
        Categoría
      </label>
      <select id={`${id}-category`} value={category} onChange={(event) => setCategory(event.target.value as Category)}>
        {CATEGORIES.map((value) => (
          <option key={value} value={value}>
            {categoryLabel(value)}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-text`} className="comment-form__label">
        Tu anécdota
      </label>
      <textarea
        id={`${id}-text`}
        value={text}
        maxLength={MAX_POST_LENGTH}
        rows={5}
        onChange={(event) => setText(event.target.value)}
        aria-describedby={`${id}-counter`}
        aria-invalid={error !== null}
      />
      {error && <ErrorAlert>{error}</ErrorAlert>}
      <div className="comment-form__footer">
        <span id={`${id}-counter`} className="counter">
          {postLength(text)}/{MAX_POST_LENGTH} caracteres
        </span>
        <span className="confirm">
          <SendOrCancel
            sending={sending}
            text="Reenviar a moderación"
            sendingText="Reenviando…"
            className="button button--small"
            onCancel={onCancel}
          />
        </span>
      </div>
    </form>
  );
}
