import { useEffect, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { Comment } from '@contract/comments';
import { errorMessage, useApi } from '../../lib/api';
import { useSignInHref } from '../../lib/nextPath';
import { AuthorName } from '../../components/AuthorName';
import { LocalTime } from '../../components/LocalTime';
import { LoadMoreList } from '../../components/LoadMoreList';
import { CommentForm } from './CommentForm';
import { useCardParts } from '../../components/cardParts';
import type { SubscribeToComments } from './liveComments';
import { useComments } from './useComments';
import { mayDelete, type Viewer } from './viewer';

/**
 * The comments of a published post, under it: oldest first, 50 at a time («Ver más»), each with its
 * author, local date and text (as text, never HTML); the form for signed-in readers, a link to log in
 * for the others. The heading counts them: the post's count as read, kept current with what is
 * written or deleted here, and the list's own length once it is all shown.
 */
export function CommentsSection({
  postId,
  viewer,
  initialCount,
  subscribe,
}: {
  postId: string;
  viewer: Viewer;
  initialCount: number;
  /** New comments as they are written, from the app's WebSocket for this page. */
  subscribe?: SubscribeToComments;
}) {
  const comments = useComments(postId);
  const [written, setWritten] = useState(0);
  const signIn = useSignInHref();
  const latest = useRef(comments);
  useEffect(() => {
    latest.current = comments;
  });
  useEffect(
    () =>
      subscribe?.((event) => {
        if (event.type === 'created') {
          if (!latest.current.items.some((comment) => comment.id === event.comment.id)) setWritten((n) => n + 1);
          latest.current.add(event.comment);
        } else {
          latest.current.refresh();
        }
      }),
    [subscribe],
  );
  // The post's count as read, plus what was written or deleted here; the full list replaces it when shown.
  const count = comments.status === 'success' && !comments.hasMore ? comments.items.length : initialCount + written;

  return (
    <section className="comments" aria-labelledby="comentarios" id="comentarios-seccion">
      <h2 id="comentarios">{count === 1 ? '1 comentario' : `${count} comentarios`}</h2>
      <LoadMoreList
        list={comments}
        label="Comentarios, del más antiguo al más nuevo"
        className="comments__list"
        loadingLabel="Cargando los comentarios…"
        empty="Todavía no hay comentarios. ¿Empiezas tú?"
        moreText="Ver más"
        getKey={(comment) => comment.id}
        renderItem={(comment) => (
          <CommentItem
            comment={comment}
            deletable={mayDelete(viewer, comment.name)}
            onDeleted={() => {
              comments.remove(comment.id);
              setWritten((n) => n - 1);
            }}
          />
        )}
      />
      {viewer.status === 'signedIn' && (
        <CommentForm
          postId={postId}
          onCreated={(comment) => {
            comments.add(comment);
            setWritten((n) => n + 1);
          }}
        />
      )}
      {viewer.status === 'signedOut' && (
        <p className="comments__sign-in">
          <Link to={signIn}>Inicia sesión</Link> para comentar.
        </p>
      )}
    </section>
  );
}

function CommentItem({ comment, deletable, onDeleted }: { comment: Comment; deletable: boolean; onDeleted: () => void }) {
  const parts = useCardParts();
  const api = useApi();
  const [state, setState] = useState<{ step: 'idle' | 'confirming' | 'deleting' } | { step: 'error'; message: string }>({ step: 'idle' });
  const deletion = useMutation({
    mutationFn: () => api.call('comments.remove', { params: { id: comment.id } }),
    onSuccess: onDeleted,
    onError: (error) => setState({ step: 'error', message: errorMessage(error) }),
  });

  function remove() {
    setState({ step: 'deleting' });
    deletion.mutate();
  }

  return parts.fold(
    comment.name,
    'comment',
    <li className="comment" aria-labelledby={`comment-${comment.id}-author`}>
      <p className="comment__meta">
        <AuthorName id={`comment-${comment.id}-author`} className="comment__author" name={comment.name} />
        <span aria-hidden="true"> · </span>
        <LocalTime iso={comment.createdAt} />
      </p>
      <p className="comment__text">{parts.commentText(comment.text)}</p>
      <div className="comment__actions">
        {deletable && state.step === 'idle' && (
          <button type="button" className="link-button" onClick={() => setState({ step: 'confirming' })}>
            Borrar
          </button>
        )}
        {state.step === 'confirming' && (
          <span role="group" aria-label="Confirmar el borrado">
            ¿Borrar este comentario?{' '}
            <button type="button" className="link-button" onClick={remove}>
              Sí, borrar
            </button>{' '}
            <button type="button" className="link-button" onClick={() => setState({ step: 'idle' })}>
              No
            </button>
          </span>
        )}
        {state.step === 'deleting' && <span role="status">Borrando…</span>}
        {state.step === 'error' && <span role="alert">{state.message}</span>}
        {parts.commentActions(comment)}
      </div>
    </li>,
  );
}
