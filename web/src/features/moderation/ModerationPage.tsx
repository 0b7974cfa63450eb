import { useCallback, useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ERRORS } from '@contract/errors';
import {
  MODERATION_MARGIN,
  type ModerationResult,
  type ModerationVote,
  type ModerationVoteResult,
  type PendingPostWithSimilar,
} from '@contract/moderation';
import { ErrorAlert } from '../../components/ErrorAlert';
import { ListSkeleton } from '../../components/ListSkeleton';
import { ApiError, errorMessage, useApi } from '../../lib/api';
import { LocalTime } from '../../components/LocalTime';
import { SimilarList } from '../../components/SimilarList';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { PendingList } from './PendingList';
import { ReportedPosts } from './ReportedPosts';

/** What the user clicked on the post in front of them. */
type Action = ModerationVote | 'repeated' | 'skip' | 'decide-publish' | 'decide-reject';

/** The caller's votes today; read again after each vote. */
const TODAY_KEY = ['account', 'moderation', 'today'] as const;

type Queue =
  { status: 'loading' } | { status: 'ready'; post: PendingPostWithSimilar } | { status: 'empty' } | { status: 'error'; message: string };

/** Errors after which the post in front of the user is no longer theirs to vote on: move on to the next. */
const MOVE_ON: ReadonlySet<string> = new Set(['ALREADY_VOTED', 'POST_NOT_FOUND', 'OWN_POST']);

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

function thanks(result: ModerationResult | ModerationVoteResult, byModerator: boolean): string {
  const tally =
    'tally' in result
      ? ` Votos: ${plural(result.tally.publish, 'a favor', 'a favor')} y ${plural(result.tally.reject, 'en contra', 'en contra')}.`
      : '';
  if (result.status === 'published') return byModerator ? 'Publicada.' : `¡Gracias! Con tu voto se ha publicado.${tally}`;
  if (result.status === 'rejected') return byModerator ? 'Rechazada.' : `Gracias. Con tu voto ha quedado descartada.${tally}`;
  return `Gracias, tu voto cuenta.${tally}`;
}

/**
 * `/moderar` (signed-in users): one pending post at a time, without its author, to vote
 * «Publicable» or «No publicable»; then the next. Moderators may also decide at once, and see what
 * reports have hidden.
 */
export default function ModerationPage({ moderator = false }: { moderator?: boolean }) {
  useDocumentTitle('Moderar');
  const api = useApi();
  const [queue, setQueue] = useState<Queue>({ status: 'loading' });
  const [feedback, setFeedback] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  const client = useQueryClient();
  const today = useQuery({ queryKey: TODAY_KEY, queryFn: ({ signal }) => api.call('moderation.today', {}, { signal }) });

  // Asks for the next post; its state changes only when the answer comes (see loadNext).
  const fetchNext = useCallback(() => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    api
      .call('moderation.next', {}, { signal: controller.signal })
      .then((post) => setQueue({ status: 'ready', post }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.code === 'QUEUE_EMPTY') setQueue({ status: 'empty' });
        else setQueue({ status: 'error', message: errorMessage(error) });
      });
  }, [api]);

  const loadNext = useCallback(() => {
    setQueue({ status: 'loading' });
    setActionError(null);
    fetchNext();
  }, [fetchNext]);

  useEffect(() => {
    fetchNext();
    return () => abort.current?.abort();
  }, [fetchNext]);

  // A vote, «Saltar» or a moderator's decision: the answer moves on to the next post; a failure says why
  // in Spanish and keeps the post, unless it is no longer this reader's to vote on.
  const action = useMutation({
    mutationFn: async ({ kind, id }: { kind: Action; id: string }): Promise<string> => {
      if (kind === 'skip') {
        await api.call('moderation.skip', { params: { id } });
        return 'Saltada: no te la volveremos a enseñar hasta mañana.';
      }
      if (kind === 'decide-publish' || kind === 'decide-reject') {
        return thanks(
          await api.call('moderation.decide', { params: { id }, body: { decision: kind === 'decide-publish' ? 'publish' : 'reject' } }),
          true,
        );
      }
      if (kind === 'repeated') {
        // A reject that names its reason: the writer is told it was «Repetida».
        return thanks(await api.call('moderation.vote', { params: { id }, body: { vote: 'reject', reason: 'repetida' } }), false);
      }
      return thanks(await api.call('moderation.vote', { params: { id }, body: { vote: kind } }), false);
    },
    onMutate: () => setActionError(null),
    onSuccess: (message, { kind }) => {
      setFeedback(message);
      if (kind === 'publish' || kind === 'reject' || kind === 'repeated') void client.invalidateQueries({ queryKey: TODAY_KEY });
      loadNext();
    },
    onError: (error, { kind }) => {
      if (error instanceof ApiError && MOVE_ON.has(error.code)) {
        if (kind !== 'skip') {
          setFeedback(error.code === 'POST_NOT_FOUND' ? 'Esa anécdota ya estaba decidida. Te enseñamos otra.' : error.message);
        }
        loadNext();
      } else {
        setActionError(errorMessage(error));
      }
    },
  });
  const busy: Action | null = action.isPending ? action.variables.kind : null;

  const post = queue.status === 'ready' ? queue.post : null;
  const votesToday = today.data?.votesToday;
  return (
    <div className="wide stack-lg">
      <section aria-labelledby="moderation-title">
        <h1 id="moderation-title">Moderar</h1>
        <p className="page-intro">
          ¿Esta anécdota merece estar en portada? Con {MODERATION_MARGIN} votos netos a favor se publica; con {MODERATION_MARGIN} en contra,
          se descarta. No verás tus propias anécdotas ni las que ya hayas votado.
        </p>
        {votesToday !== undefined && (
          <p className="moderation-today">
            {votesToday === 0
              ? 'Hoy todavía no has votado ninguna anécdota.'
              : `Hoy has ayudado a decidir ${plural(votesToday, 'anécdota', 'anécdotas')} con tu voto. ¡Gracias!`}
          </p>
        )}
        <p className="moderation-feedback" role="status">
          {feedback}
        </p>
        {queue.status === 'loading' && <ListSkeleton loadingLabel="Buscando una anécdota por moderar…" rows={1} />}
        {queue.status === 'empty' && (
          <div className="notice">
            <p>{ERRORS.QUEUE_EMPTY.message}</p>
            <button type="button" className="button" onClick={loadNext}>
              Buscar otra vez
            </button>
          </div>
        )}
        {queue.status === 'error' && (
          <div className="feed-message">
            <ErrorAlert>{queue.message}</ErrorAlert>
            <button type="button" className="button" onClick={loadNext}>
              Reintentar
            </button>
          </div>
        )}
        {post && (
          <article className="post-card moderation-card" aria-labelledby="pending-title" aria-busy={busy !== null}>
            <h2 id="pending-title" className="post-card__meta">
              Anécdota por moderar
            </h2>
            <p className="post-card__details">
              <span className="post-card__label">Categoria</span> <span className="tag">{post.category}</span>
              <span aria-hidden="true"> · </span>
              enviada el <LocalTime iso={post.createdAt} />
            </p>
            <p className="post-card__text">{post.post}</p>
            {post.similar.length > 0 && (
              <SimilarList
                posts={post.similar}
                headingLevel="h3"
                footer={
                  <button
                    type="button"
                    className="button"
                    disabled={busy !== null}
                    aria-busy={busy === 'repeated'}
                    onClick={() => action.mutate({ kind: 'repeated', id: post.id })}
                  >
                    No publicable: repetida
                  </button>
                }
              >
                <p className="similar__intro">Ya publicadas y con casi las mismas palabras. Si cuenta lo mismo, recházala como repetida.</p>
              </SimilarList>
            )}
            {actionError && <ErrorAlert>{actionError}</ErrorAlert>}
            <div className="moderation-card__votes">
              <button
                type="button"
                className="button button--primary"
                disabled={busy !== null}
                aria-busy={busy === 'publish'}
                onClick={() => action.mutate({ kind: 'publish', id: post.id })}
              >
                Publicable
              </button>
              <button
                type="button"
                className="button"
                disabled={busy !== null}
                aria-busy={busy === 'reject'}
                onClick={() => action.mutate({ kind: 'reject', id: post.id })}
              >
                No publicable
              </button>
              <button
                type="button"
                className="link-button"
                disabled={busy !== null}
                aria-busy={busy === 'skip'}
                onClick={() => action.mutate({ kind: 'skip', id: post.id })}
              >
                Saltar
              </button>
            </div>
            {moderator && (
              <div className="moderation-card__decide" role="group" aria-label="Decidir como moderador">
                <span>Como moderador, sin esperar votos:</span>
                <button
                  type="button"
                  className="button button--small"
                  disabled={busy !== null}
                  onClick={() => action.mutate({ kind: 'decide-publish', id: post.id })}
                >
                  Publicar ya
                </button>
                <button
                  type="button"
                  className="button button--small button--danger"
                  disabled={busy !== null}
                  onClick={() => action.mutate({ kind: 'decide-reject', id: post.id })}
                >
                  Rechazar
                </button>
              </div>
            )}
          </article>
        )}
      </section>
      {moderator && <PendingList />}
      {moderator && <ReportedPosts />}
    </div>
  );
}
