import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { MAX_COMMENT_LENGTH, validateCreateComment, type Comment } from '@contract/comments';
import { postLength } from '@contract/common';
import { ERRORS } from '@contract/errors';
import { ApiError, errorMessage, useApi } from '../../lib/api';
import { useSubmissionKey } from '../../lib/submissionKey';
import { ErrorAlert } from '../../components/ErrorAlert';

/**
 * The comment form of a post page, for signed-in readers: a live character count, the contract's own
 * checks before sending, Spanish errors, and the text kept when sending fails. Sending is a mutation
 * with the submission's Idempotency-Key: sent again unchanged after a lost answer, it is stored once.
 */
export function CommentForm({
  postId,
  onCreated,
  parentId,
  initialText = '',
  onCancel,
}: {
  postId: string;
  onCreated: (comment: Comment) => void;
  /** A reply: the comment it answers (the form opens under it, with its author's `@apodo`). */
  parentId?: string;
  initialText?: string;
  onCancel?: () => void;
}) {
  const api = useApi();
  const submission = useSubmissionKey();
  const [text, setText] = useState(initialText);
  const [error, setError] = useState<string | null>(null);
  const fieldId = useId();
  const length = postLength(text);
  const create = useMutation({
    mutationFn: (checked: string) =>
      api.call(
        'comments.create',
        { params: { id: postId }, body: parentId === undefined ? { text: checked } : { text: checked, parentId } },
        { idempotencyKey: submission.keyFor({ postId, parentId, text: checked }) },
      ),
    onSuccess: (comment) => {
      submission.done();
      setText('');
      onCreated(comment);
    },
    onError: (failure) => {
      submission.failed(failure);
      setError(
        failure instanceof ApiError && failure.code === 'UNAUTHORIZED'
          ? 'Tu sesión ha caducado: vuelve a iniciar sesión para comentar.'
          : errorMessage(failure),
      );
    },
  });
  const sending = create.isPending;

  function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const checked = validateCreateComment({ text });
    if (!checked.ok) {
      setError(ERRORS[checked.code].message);
      return;
    }
    setError(null);
    create.mutate(checked.value.text);
  }

  return (
    <form className={parentId === undefined ? 'comment-form' : 'comment-form comment-form--reply'} onSubmit={send} noValidate>
      {error && <ErrorAlert>{error}</ErrorAlert>}
      <label htmlFor={fieldId} className="comment-form__label">
        {parentId === undefined ? 'Tu comentario' : 'Tu respuesta'}
      </label>
      <textarea
        id={fieldId}
        name="comment"
        rows={3}
        value={text}
        maxLength={MAX_COMMENT_LENGTH}
        onChange={(event) => setText(event.target.value)}
        aria-describedby={`${fieldId}-counter`}
      />
      <div className="comment-form__footer">
        <span id={`${fieldId}-counter`} className="counter" data-testid="comment-counter">
          {length}/{MAX_COMMENT_LENGTH} caracteres
        </span>
        {onCancel && (
          <button type="button" className="link-button" onClick={onCancel}>
            Cancelar
          </button>
        )}
        <button type="submit" className="button button--small" disabled={sending} aria-busy={sending}>
          {sending ? 'Enviando…' : parentId === undefined ? 'Comentar' : 'Responder'}
        </button>
      </div>
    </form>
  );
}
