import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import {
  REPORT_REASON_LABELS,
  REPORTS_TO_HIDE,
  type ModerationDecision,
  type ReportedComment,
  type ReportedPost,
  type ReportSummary,
} from '@contract/moderation';
import { ErrorAlert } from '../../components/ErrorAlert';
import { ListSkeleton } from '../../components/ListSkeleton';
import { errorMessage, useApi } from '../../lib/api';
import { queryKeys } from '../../lib/queries';
import { LocalTime } from '../../components/LocalTime';

type State =
  { status: 'loading' } | { status: 'ready'; posts: ReportedPost[]; comments: ReportedComment[] } | { status: 'error'; message: string };

/** «3 denuncias: Spam (2), Ofensivo (1)». */
function ReportLine({ reports }: { reports: ReportSummary }) {
  const reasons = reports.reasons.map(({ reason, count }) => `${REPORT_REASON_LABELS[reason]} (${count})`).join(', ');
  return (
    <p className="reported__reasons">
      <strong>
        {reports.count} {reports.count === 1 ? 'denuncia' : 'denuncias'}
      </strong>
      {reasons && `: ${reasons}`}
    </p>
  );
}

/** For moderators on /moderar: the posts and comments reports have hidden, to restore or remove. */
export function ReportedPosts() {
  const api = useApi();
  const client = useQueryClient();
  const reported = useQuery({ queryKey: queryKeys.reported, queryFn: ({ signal }) => api.call('moderation.reported', {}, { signal }) });
  const state: State =
    reported.status === 'pending'
      ? { status: 'loading' }
      : reported.status === 'error'
        ? { status: 'error', message: errorMessage(reported.error) }
        : { status: 'ready', ...reported.data };
  const [busy, setBusy] = useState<string | null>(null);
  const [done, setDone] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);

  // Shown as decided here; the list is read again the next time the page opens.
  const postDecision = useMutation({
    mutationFn: ({ post, decision }: { post: ReportedPost; decision: ModerationDecision }) =>
      api.call('moderation.decide', { params: { id: post.id }, body: { decision } }),
    onSuccess: (result, { post }) => {
      void client.invalidateQueries({ queryKey: queryKeys.reported, refetchType: 'none' });
      setDone((current) => ({
        ...current,
        [post.id]: result.status === 'published' ? 'Restaurada: vuelve a estar en portada.' : 'Eliminada.',
      }));
    },
    onError: (failure) => setError(errorMessage(failure)),
    onSettled: () => setBusy(null),
  });
  const commentDecision = useMutation({
    mutationFn: ({ comment, decision }: { comment: ReportedComment; decision: ModerationDecision }) =>
      api.call('comments.decide', { params: { id: comment.id }, body: { decision } }),
    onSuccess: (_result, { comment, decision }) => {
      void client.invalidateQueries({ queryKey: queryKeys.reported, refetchType: 'none' });
      setDone((current) => ({ ...current, [comment.id]: decision === 'publish' ? 'Restaurado: vuelve a verse.' : 'Eliminado.' }));
    },
    onError: (failure) => setError(errorMessage(failure)),
    onSettled: () => setBusy(null),
  });

  function decide(post: ReportedPost, decision: ModerationDecision) {
    setBusy(post.id);
    setError(null);
    postDecision.mutate({ post, decision });
  }

  function decideComment(comment: ReportedComment, decision: ModerationDecision) {
    setBusy(comment.id);
    setError(null);
    commentDecision.mutate({ comment, decision });
  }

  return (
    <section aria-labelledby="reported-title" className="reported">
      <h2 id="reported-title">Ocultas por denuncias</h2>
      <p className="page-intro">
        Con {REPORTS_TO_HIDE} denuncias de personas distintas una anécdota sale de portada hasta que un moderador la restaura o la elimina.
      </p>
      {error && <ErrorAlert>{error}</ErrorAlert>}
      {state.status === 'loading' && <ListSkeleton loadingLabel="Cargando las denunciadas…" />}
      {state.status === 'error' && <ErrorAlert>{state.message}</ErrorAlert>}
      {state.status === 'ready' && state.posts.length === 0 && <p className="feed-message">No hay anécdotas ocultas por denuncias.</p>}
      {state.status === 'ready' && state.posts.length > 0 && (
        <ol className="feed" aria-label="Anécdotas ocultas por denuncias">
          {state.posts.map((post) => (
            <li key={post.id}>
              <article className="post-card" aria-labelledby={`reported-${post.id}`}>
                <h3 id={`reported-${post.id}`} className="post-card__meta">
                  <span className="post-card__label">Publicado por</span> <span className="post-card__author">{post.name}</span>
                </h3>
                <p className="post-card__details">
                  <span className="tag">{post.category}</span>
                  {post.publishedAt && (
                    <>
                      <span aria-hidden="true"> · </span>
                      <LocalTime iso={post.publishedAt} />
                    </>
                  )}
                </p>
                <p className="post-card__text">{post.post}</p>
                <ReportLine reports={post.reports} />
                <div className="post-card__actions">
                  {done[post.id] ? (
                    <span role="status">{done[post.id]}</span>
                  ) : (
                    <>
                      <button
                        type="button"
                        className="button button--small"
                        disabled={busy === post.id}
                        onClick={() => decide(post, 'publish')}
                      >
                        Restaurar
                      </button>
                      <button
                        type="button"
                        className="button button--small button--danger"
                        disabled={busy === post.id}
                        onClick={() => decide(post, 'reject')}
                      >
                        Eliminar
                      </button>
                    </>
                  )}
                </div>
              </article>
            </li>
          ))}
        </ol>
      )}
      <h2 id="reported-comments-title">Comentarios ocultos por denuncias</h2>
      {state.status === 'ready' && state.comments.length === 0 && <p className="feed-message">No hay comentarios ocultos por denuncias.</p>}
      {state.status === 'ready' && state.comments.length > 0 && (
        <ol className="comments__list" aria-labelledby="reported-comments-title">
          {state.comments.map((comment) => (
            <li key={comment.id} className="comment">
              <p className="comment__meta">
                <span className="comment__author">{comment.name}</span>
                <span aria-hidden="true"> · </span>
                <LocalTime iso={comment.createdAt} />
                <span aria-hidden="true"> · </span>
                <Link to={`/post/${encodeURIComponent(comment.postId)}`}>en esta anécdota</Link>
              </p>
              <p className="comment__text">{comment.text}</p>
              <ReportLine reports={comment.reports} />
              <div className="comment__actions">
                {done[comment.id] ? (
                  <span role="status">{done[comment.id]}</span>
                ) : (
                  <>
                    <button
                      type="button"
                      className="button button--small"
                      disabled={busy === comment.id}
                      onClick={() => decideComment(comment, 'publish')}
                    >
                      Restaurar
                    </button>
                    <button
                      type="button"
                      className="button button--small button--danger"
                      disabled={busy === comment.id}
                      onClick={() => decideComment(comment, 'reject')}
                    >
                      Eliminar
                    </button>
                  </>
                )}
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
