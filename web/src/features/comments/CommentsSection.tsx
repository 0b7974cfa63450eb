import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { BEST_FIRST_FROM, type Comment, type CommentSort } from '@contract/comments';
import { mentionOf } from '@contract/mentions';
import { queryKeys } from '../../lib/queries';
import { CommentVotes } from './CommentVotes';
import { errorMessage, useApi } from '../../lib/api';
import { useHydrated } from '../../lib/hydration';
import { useSignInHref } from '../../lib/nextPath';
import { AuthorName } from '../../components/AuthorName';
import { LocalTime } from '../../components/LocalTime';
import { LoadMoreList } from '../../components/LoadMoreList';
import { CommentForm } from './CommentForm';
import { useCardParts } from '../../components/cardParts';
import type { SubscribeToComments } from './liveComments';
import { useComments } from './useComments';
import { useCommentVotes } from './useCommentVotes';
import { mayDelete, type Viewer } from './viewer';

/** Where a reader's choice of order («Mejores» / «Recientes») is remembered, in this browser. */
const ORDER_KEY = 'vaya-dia:orden-comentarios';

function storedOrder(): CommentSort | null {
  try {
    const value = window.localStorage.getItem(ORDER_KEY);
    return value === 'best' || value === 'old' ? value : null;
  } catch {
    return null;
  }
}

function storeOrder(order: CommentSort): void {
  try {
    window.localStorage.setItem(ORDER_KEY, order);
  } catch {
    // Private browsing may refuse storage: the choice then lasts for this page only.
  }
}

/**
 * The comments of a published post, under it: «Recientes» (oldest first) or «Mejores» (best first; the
 * default once the post has BEST_FIRST_FROM comments, and the reader's own choice wins, remembered),
 * 50 at a time («Ver más»), each with its author, local date, text (as text, never HTML), «+1 / −1»,
 * «Responder» and its thread; the form for signed-in readers, a link to log in for the others. The
 * heading counts them: the post's count as read, kept current with what is written or deleted here.
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
  // The server cannot know the order this browser remembers: the page is taken over with the default
  // one (the buttons' pressed state must match the server's markup) and switches right after, before
  // any comment is read, so a reader who chose «Mejores» neither sees «Recientes» pressed nor waits
  // for the other order's page.
  const hydrated = useHydrated();
  const [chosen, setChosen] = useState<CommentSort | null>(null);
  const order = chosen ?? (hydrated ? storedOrder() : null) ?? (initialCount >= BEST_FIRST_FROM ? 'best' : 'old');
  const comments = useComments(postId, order, hydrated);
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
  // The post's count as read, plus what was written or deleted here; the full list (each comment with
  // its replies) replaces it when shown.
  const count =
    comments.status === 'success' && !comments.hasMore
      ? comments.items.reduce((sum, comment) => sum + 1 + (comment.replyCount ?? 0), 0)
      : initialCount + written;
  const choose = (next: CommentSort) => {
    storeOrder(next);
    setChosen(next);
  };
  const reply = (comment: Comment) => {
    comments.add(comment);
    setWritten((n) => n + 1);
  };

  return (
    <section className="comments" aria-labelledby="comentarios" id="comentarios-seccion">
      <h2 id="comentarios">{count === 1 ? '1 comentario' : `${count} comentarios`}</h2>
      <div className="comments__order" role="group" aria-label="Orden de los comentarios">
        <button type="button" className="comments__order-button" aria-pressed={order === 'best'} onClick={() => choose('best')}>
          Mejores
        </button>
        <button type="button" className="comments__order-button" aria-pressed={order === 'old'} onClick={() => choose('old')}>
          Recientes
        </button>
      </div>
      <LoadMoreList
        list={comments}
        label={order === 'best' ? 'Comentarios, los mejores primero' : 'Comentarios, del más antiguo al más nuevo'}
        className="comments__list"
        loadingLabel="Cargando los comentarios…"
        empty="Todavía no hay comentarios. ¿Empiezas tú?"
        moreText="Ver más"
        renderItem={(comment) => (
          <CommentItem
            comment={comment}
            viewer={viewer}
            onDeleted={(id) => {
              comments.remove(id);
              setWritten((n) => n - 1 - (id === comment.id ? (comment.replyCount ?? 0) : 0));
            }}
            onReplied={reply}
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

/** A comment and its thread: the comment, who reads it, and what tells the section a comment went or came. */
type CommentProps = {
  comment: Comment;
  viewer: Viewer;
  onDeleted: (id: string) => void;
  onReplied: (reply: Comment) => void;
};

function CommentItem({ comment, viewer, onDeleted, onReplied }: CommentProps) {
  const parts = useCardParts();
  const api = useApi();
  const signedIn = viewer.status === 'signedIn';
  const own = signedIn && viewer.name !== null && viewer.name === comment.name;
  const votes = useCommentVotes(comment, signedIn);
  const [revealed, setRevealed] = useState(false);
  const [replying, setReplying] = useState(false);
  const [state, setState] = useState<{ step: 'idle' | 'confirming' | 'deleting' } | { step: 'error'; message: string }>({ step: 'idle' });
  const deletion = useMutation({
    mutationFn: () => api.call('comments.remove', { params: { id: comment.id } }),
    onSuccess: () => onDeleted(comment.id),
    onError: (error) => setState({ step: 'error', message: errorMessage(error) }),
  });

  function remove() {
    setState({ step: 'deleting' });
    deletion.mutate();
  }

  const folded = votes.collapsed && !revealed;
  const isReply = comment.parentId !== null;
  return parts.fold(
    comment.name,
    'comment',
    <li className={isReply ? 'comment comment--reply' : 'comment'} aria-labelledby={`comment-${comment.id}-author`}>
      <p className="comment__meta">
        <AuthorName id={`comment-${comment.id}-author`} className="comment__author" name={comment.name} />
        <span aria-hidden="true"> · </span>
        <LocalTime iso={comment.createdAt} />
      </p>
      {folded ? (
        <p className="comment__buried">
          Comentario enterrado por la comunidad ·{' '}
          <button type="button" className="link-button" onClick={() => setRevealed(true)}>
            Ver
          </button>
        </p>
      ) : (
        <p className="comment__text">{parts.commentText(comment.text)}</p>
      )}
      <div className="comment__actions">
        <CommentVotes votes={votes} canVote={signedIn && !own} />
        {signedIn && !replying && (
          <button type="button" className="link-button comment__reply" onClick={() => setReplying(true)}>
            Responder
          </button>
        )}
        {mayDelete(viewer, comment.name) && state.step === 'idle' && (
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
      {replying && (
        <CommentForm
          postId={comment.postId}
          parentId={comment.id}
          initialText={`${mentionOf(comment.name)} `}
          onCancel={() => setReplying(false)}
          onCreated={(reply) => {
            setReplying(false);
            onReplied(reply);
          }}
        />
      )}
      {!isReply && <Thread comment={comment} viewer={viewer} onDeleted={onDeleted} onReplied={onReplied} />}
    </li>,
  );
}

/**
 * A top-level comment's replies: the first ones its list carries (and those written or heard live
 * since), and «Ver N respuestas más», which reads the rest from the replies route.
 */
function Thread({ comment, viewer, onDeleted, onReplied }: CommentProps) {
  const api = useApi();
  const [expanded, setExpanded] = useState(false);
  const rest = useQuery({
    queryKey: queryKeys.replies(comment.id),
    queryFn: async ({ signal }) => {
      const all: Comment[] = [];
      let cursor: string | undefined;
      do {
        const page = await api.call('comments.replies', { params: { id: comment.id }, query: { cursor } }, { signal });
        all.push(...page.items);
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      return all;
    },
    enabled: expanded,
  });
  const held = comment.replies ?? [];
  const replies = expanded && rest.data ? [...rest.data, ...held.filter((reply) => !rest.data.some((read) => read.id === reply.id))] : held;
  const hidden = Math.max(0, (comment.replyCount ?? 0) - replies.length);
  if (replies.length === 0 && hidden === 0) return null;
  return (
    <div className="comment__thread">
      {replies.length > 0 && (
        <ul className="comment__replies" aria-label={`Respuestas a ${comment.name}`}>
          {replies.map((reply) => (
            <CommentItem
              key={reply.id}
              comment={reply}
              viewer={viewer}
              onDeleted={onDeleted}
              // A reply to a reply joins the same thread (the API files it under the top-level comment).
              onReplied={onReplied}
            />
          ))}
        </ul>
      )}
      {hidden > 0 && !expanded && (
        <button type="button" className="link-button comment__more-replies" onClick={() => setExpanded(true)}>
          {hidden === 1 ? 'Ver 1 respuesta más' : `Ver ${hidden} respuestas más`}
        </button>
      )}
      {expanded && rest.isPending && <p role="status">Cargando las respuestas…</p>}
      {rest.isError && <p role="alert">No se han podido cargar las respuestas. {errorMessage(rest.error)}</p>}
    </div>
  );
}
