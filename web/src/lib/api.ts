import { createContext, useContext } from 'react';
import { type Me } from '@contract/accounts';
import { type AuthorProfile } from '@contract/authors';
import { type SavedIds } from '@contract/saved';
import { type Comment, type CommentPage } from '@contract/comments';
import type { ErrorBody, ErrorCode } from '@contract/errors';
import {
  type ModerationDecision,
  type ModerationLogPage,
  type ModerationResult,
  type ModerationToday,
  type ModerationVote,
  type ModerationVoteResult,
  type PendingPost,
  type PendingPostPage,
  type RejectionReason,
  type ReportReason,
  type ReportedItems,
  type Suspension,
  type SuspensionPage,
  type SuspensionRequest,
} from '@contract/moderation';
import { type Category, type CreatePostRequest, type OwnPost, type OwnPostPage, type Post, type PostPage } from '@contract/posts';
import { type NotificationPage } from '@contract/notifications';
import { type PushKey, type PushSubscriptionRequest } from '@contract/push';
import { type MyVotes, type TopPeriod, type TopRanking, type VoteKind, type VoteResult } from '@contract/votes';

/** An API failure with the Spanish message to show to people and, when the server sent one, its code. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    message: string,
    readonly status: number,
    readonly code: ErrorCode | 'NETWORK' | 'THROTTLED' | 'UNKNOWN',
  ) {
    super(message);
  }
}

const NETWORK_MESSAGE = 'No se pudo conectar con el servidor. Comprueba tu conexión e inténtalo de nuevo.';
const UNKNOWN_MESSAGE = 'Algo ha fallado. Inténtalo de nuevo en un rato.';
const THROTTLED_MESSAGE = 'Hay mucho tráfico ahora mismo. Espera un momento y vuelve a intentarlo.';

function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const { error } = value;
  return typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string';
}

/**
 * The contract's Spanish message for an error the API names without a body of ours (a 401 from the
 * gateway's authorizer, a 5xx). The table of messages is a script of its own, loaded on the first such
 * failure: a reader who meets none never downloads it.
 */
async function contractMessage(code: 'UNAUTHORIZED' | 'INTERNAL_ERROR'): Promise<string> {
  try {
    return (await import('@contract/errors')).ERRORS[code].message;
  } catch {
    return UNKNOWN_MESSAGE;
  }
}

/** Turns a failed response into an ApiError with a Spanish message, whatever the body looks like. */
async function toApiError(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // not JSON: fall through to the generic message
  }
  // API Gateway's JWT authorizer answers 401 with {"message":"Unauthorized"}: the status decides, but
  // for a deleted account, which the API names so the person is told why.
  if (response.status === 401) {
    if (isErrorBody(body) && body.error.code === 'ACCOUNT_DELETED') return new ApiError(body.error.message, 401, 'ACCOUNT_DELETED');
    return new ApiError(await contractMessage('UNAUTHORIZED'), 401, 'UNAUTHORIZED');
  }
  if (isErrorBody(body)) return new ApiError(body.error.message, response.status, body.error.code);
  // A 429 without our body is API Gateway's stage throttling, not the publishing limit.
  if (response.status === 429) return new ApiError(THROTTLED_MESSAGE, 429, 'THROTTLED');
  if (response.status >= 500) return new ApiError(await contractMessage('INTERNAL_ERROR'), response.status, 'INTERNAL_ERROR');
  return new ApiError(UNKNOWN_MESSAGE, response.status, 'UNKNOWN');
}

/**
 * How a write is sent: `idempotencyKey` names one submission (lib/submissionKey.ts); sent again after
 * a time-out or a lost answer, the API answers as it did the first time and stores nothing more.
 */
export type WriteOptions = { idempotencyKey?: string };

export type ApiClient = {
  listPosts(options?: { category?: Category; cursor?: string | null; limit?: number; signal?: AbortSignal }): Promise<PostPage>;
  getPost(id: string, signal?: AbortSignal): Promise<Post>;
  randomPost(signal?: AbortSignal): Promise<Post>;
  /** Sends a post to moderation: it comes back `pending`. */
  createPost(request: CreatePostRequest, options?: WriteOptions): Promise<OwnPost>;
  /** «Mis anécdotas»: the signed-in user's posts, every status, newest first. */
  myPosts(options?: { cursor?: string | null; signal?: AbortSignal }): Promise<OwnPostPage>;
  deletePost(id: string): Promise<void>;
  /** Edit and resend a rejected post, once: it comes back `pending` (NOT_EDITABLE, ALREADY_RESENT, the create checks). */
  resendPost(id: string, request: CreatePostRequest): Promise<OwnPost>;
  reportPost(id: string, reason: ReportReason, options?: WriteOptions): Promise<void>;
  /** A pending post to vote on; rejects with code QUEUE_EMPTY when there is none. */
  nextForModeration(signal?: AbortSignal): Promise<PendingPost>;
  /** The status afterwards and the tally this vote left. */
  voteOnPost(id: string, vote: ModerationVote): Promise<ModerationVoteResult>;
  /** «Saltar»: not shown again to this reader by nextForModeration for a day. */
  skipPost(id: string): Promise<void>;
  /** Moderators only: every pending post, oldest first. */
  pendingPosts(options?: { cursor?: string | null; signal?: AbortSignal }): Promise<PendingPostPage>;
  /** How many moderation votes the signed-in user cast today. */
  moderationToday(signal?: AbortSignal): Promise<ModerationToday>;
  /** Moderators only. */
  decideOnPost(id: string, decision: ModerationDecision, reason?: RejectionReason): Promise<ModerationResult>;
  /** Moderators only. */
  reported(signal?: AbortSignal): Promise<ReportedItems>;
  /** A published post's comments, oldest first. */
  listComments(postId: string, options?: { cursor?: string | null; signal?: AbortSignal }): Promise<CommentPage>;
  createComment(postId: string, text: string, options?: WriteOptions): Promise<Comment>;
  deleteComment(id: string): Promise<void>;
  reportComment(id: string, reason: ReportReason, options?: WriteOptions): Promise<void>;
  /** Moderators only: restore (`publish`) or remove (`reject`) a comment hidden by reports. */
  decideOnComment(id: string, decision: ModerationDecision): Promise<void>;
  /** The signed-in account: its apodo (null until chosen), email and role. */
  me(signal?: AbortSignal): Promise<Me>;
  /** Claims an apodo (INVALID_NAME, NAME_TAKEN); returns it as stored. */
  setMyName(name: string): Promise<{ name: string }>;
  /** Deletes the signed-in account; its posts stay, signed «Anónimo». */
  deleteMe(): Promise<void>;
  /** «¡Vaya día!» / «Te lo mereces» on a published post (replaces the caller's earlier vote). */
  castVote(id: string, vote: VoteKind): Promise<VoteResult>;
  removeVote(id: string): Promise<VoteResult>;
  /** The signed-in user's votes on these posts (at most MAX_VOTE_IDS). */
  myVotes(ids: readonly string[], signal?: AbortSignal): Promise<MyVotes>;
  /** «Avisos»: the signed-in user's notifications, newest first. */
  notifications(options?: { cursor?: string | null; signal?: AbortSignal }): Promise<NotificationPage>;
  /** Marks those notifications read, or all of them when `ids` is absent. */
  markNotificationsRead(ids?: readonly string[]): Promise<void>;
  /** The VAPID public key this device subscribes to Web Push with. */
  pushKey(signal?: AbortSignal): Promise<PushKey>;
  /** This device's «Avisos» as Web Push for the signed-in user. */
  subscribePush(subscription: PushSubscriptionRequest): Promise<void>;
  /** This device no longer receives them. */
  unsubscribePush(endpoint: string): Promise<void>;
  /** A page of the Top. */
  topPosts(options: { period: TopPeriod; by: TopRanking; cursor?: string | null; limit?: number; signal?: AbortSignal }): Promise<PostPage>;
  /** Moderators only: suspends the author of a post or a comment (FORBIDDEN when the author moderates, ALREADY_SUSPENDED). */
  suspendAuthor(request: SuspensionRequest): Promise<Suspension>;
  /** Moderators only: the suspensions in force, newest first. */
  suspensions(options?: { cursor?: string | null; signal?: AbortSignal }): Promise<SuspensionPage>;
  /** Moderators only: lifts a suspension (SUSPENSION_NOT_FOUND when it was already lifted or is over). */
  liftSuspension(id: string): Promise<void>;
  /** Moderators only: the moderation log, newest first. */
  moderationLog(options?: { cursor?: string | null; signal?: AbortSignal }): Promise<ModerationLogPage>;
  /** An author's profile, by apodo (any case or accents). */
  author(name: string, signal?: AbortSignal): Promise<AuthorProfile>;
  /** A page of an author's published posts. */
  authorPosts(name: string, options?: { cursor?: string | null; limit?: number; signal?: AbortSignal }): Promise<PostPage>;
  /** A page of the published posts holding every word of `query`, best match first (GET /search). */
  search(query: string, options?: { category?: Category; cursor?: string | null; limit?: number; signal?: AbortSignal }): Promise<PostPage>;
  savePost(id: string): Promise<void>;
  unsavePost(id: string): Promise<void>;
  /** «Guardadas», newest saved first. */
  savedPosts(options?: { cursor?: string | null; signal?: AbortSignal }): Promise<PostPage>;
  /** Which of these posts (≤ 100) the signed-in user saved. */
  savedIds(ids: readonly string[], signal?: AbortSignal): Promise<SavedIds>;
};

export type ApiClientOptions = {
  apiUrl: string;
  /** The signed-in user's Cognito ID token, or null when signed out. */
  getIdToken: () => Promise<string | null>;
  fetchImpl?: typeof fetch;
  /** Told when a signed-in call answers 403 ACCOUNT_SUSPENDED (the app re-reads `GET /me`, so the header says until when). */
  onAccountSuspended?: () => void;
};

/** The one HTTP client of the site: builds URLs from `apiUrl`, attaches the token, maps errors. */
export function createApiClient({
  apiUrl,
  getIdToken,
  fetchImpl = (...args) => fetch(...args),
  onAccountSuspended,
}: ApiClientOptions): ApiClient {
  const base = apiUrl.replace(/\/+$/, '');

  async function request<T>(path: string, init: RequestInit = {}): Promise<T> {
    let response: Response;
    try {
      response = await fetchImpl(`${base}${path}`, init);
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ApiError(NETWORK_MESSAGE, 0, 'NETWORK');
    }
    if (!response.ok) throw await toApiError(response);
    if (response.status === 204) return undefined as T;
    return (await response.json()) as T;
  }

  /** A call as the signed-in user: their ID token as the bearer, a JSON body if any. */
  async function authorized<T>(
    path: string,
    init: { method?: string; body?: unknown; signal?: AbortSignal; idempotencyKey?: string } = {},
  ): Promise<T> {
    const token = await getIdToken();
    if (!token) throw new ApiError(await contractMessage('UNAUTHORIZED'), 401, 'UNAUTHORIZED');
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    if (init.idempotencyKey !== undefined) headers['idempotency-key'] = init.idempotencyKey;
    try {
      return await request<T>(path, {
        method: init.method ?? 'GET',
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: init.signal,
        cache: 'no-store',
      });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'ACCOUNT_SUSPENDED') onAccountSuspended?.();
      throw error;
    }
  }

  const postPath = (id: string) => `/posts/${encodeURIComponent(id)}`;
  const commentPath = (id: string) => `/comments/${encodeURIComponent(id)}`;

  return {
    listPosts({ category, cursor, limit, signal } = {}) {
      const query = new URLSearchParams();
      if (category) query.set('category', category);
      if (limit) query.set('limit', String(limit));
      if (cursor) query.set('cursor', cursor);
      const qs = query.toString();
      return request<PostPage>(`/posts${qs ? `?${qs}` : ''}`, { signal });
    },
    getPost(id, signal) {
      return request<Post>(postPath(id), { signal });
    },
    randomPost(signal) {
      return request<Post>('/posts/random', { signal, cache: 'no-store' });
    },
    createPost(body, options) {
      return authorized<OwnPost>('/posts', { method: 'POST', body, idempotencyKey: options?.idempotencyKey });
    },
    myPosts({ cursor, signal } = {}) {
      return authorized<OwnPostPage>(`/me/posts${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`, { signal });
    },
    deletePost(id) {
      return authorized<void>(postPath(id), { method: 'DELETE' });
    },
    resendPost(id, body) {
      return authorized<OwnPost>(postPath(id), { method: 'PUT', body });
    },
    async reportPost(id, reason, options) {
      await authorized<unknown>(`${postPath(id)}/report`, { method: 'POST', body: { reason }, idempotencyKey: options?.idempotencyKey });
    },
    nextForModeration(signal) {
      return authorized<PendingPost>('/moderation/next', { signal });
    },
    voteOnPost(id, vote) {
      return authorized<ModerationVoteResult>(`/moderation/${encodeURIComponent(id)}/vote`, { method: 'PUT', body: { vote } });
    },
    skipPost(id) {
      return authorized<void>(`/moderation/${encodeURIComponent(id)}/skip`, { method: 'PUT' });
    },
    pendingPosts({ cursor, signal } = {}) {
      return authorized<PendingPostPage>(`/moderation/pending${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`, { signal });
    },
    moderationToday(signal) {
      return authorized<ModerationToday>('/moderation/today', { signal });
    },
    decideOnPost(id, decision, reason) {
      const body = reason === undefined ? { decision } : { decision, reason };
      return authorized<ModerationResult>(`/moderation/${encodeURIComponent(id)}/decision`, { method: 'PUT', body });
    },
    reported(signal) {
      return authorized<ReportedItems>('/moderation/reported', { signal });
    },
    listComments(postId, { cursor, signal } = {}) {
      return request<CommentPage>(`${postPath(postId)}/comments${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`, { signal });
    },
    createComment(postId, text, options) {
      return authorized<Comment>(`${postPath(postId)}/comments`, {
        method: 'POST',
        body: { text },
        idempotencyKey: options?.idempotencyKey,
      });
    },
    deleteComment(id) {
      return authorized<void>(commentPath(id), { method: 'DELETE' });
    },
    async reportComment(id, reason, options) {
      await authorized<unknown>(`${commentPath(id)}/report`, { method: 'POST', body: { reason }, idempotencyKey: options?.idempotencyKey });
    },
    async decideOnComment(id, decision) {
      await authorized<unknown>(`${commentPath(id)}/decision`, { method: 'PUT', body: { decision } });
    },
    me(signal) {
      return authorized<Me>('/me', { signal });
    },
    notifications({ cursor, signal } = {}) {
      return authorized<NotificationPage>(`/me/notifications${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`, { signal });
    },
    async markNotificationsRead(ids) {
      await authorized<unknown>('/me/notifications/read', { method: 'POST', body: ids ? { ids } : {} });
    },
    pushKey(signal) {
      return request<PushKey>('/push/key', { signal });
    },
    async subscribePush(subscription) {
      await authorized<unknown>('/me/push-subscriptions', { method: 'PUT', body: subscription });
    },
    async unsubscribePush(endpoint) {
      await authorized<unknown>('/me/push-subscriptions', { method: 'DELETE', body: { endpoint } });
    },
    setMyName(name) {
      return authorized<{ name: string }>('/me/name', { method: 'PUT', body: { name } });
    },
    deleteMe() {
      return authorized<void>('/me', { method: 'DELETE' });
    },
    castVote(id, vote) {
      return authorized<VoteResult>(`${postPath(id)}/vote`, { method: 'PUT', body: { vote } });
    },
    removeVote(id) {
      return authorized<VoteResult>(`${postPath(id)}/vote`, { method: 'DELETE' });
    },
    myVotes(ids, signal) {
      return authorized<MyVotes>(`/me/votes?ids=${ids.map(encodeURIComponent).join(',')}`, { signal });
    },
    topPosts({ period, by, cursor, limit, signal }) {
      const query = new URLSearchParams({ period, by });
      if (limit) query.set('limit', String(limit));
      if (cursor) query.set('cursor', cursor);
      return request<PostPage>(`/posts/top?${query.toString()}`, { signal });
    },
    suspendAuthor(body) {
      return authorized<Suspension>('/moderation/suspensions', { method: 'POST', body });
    },
    suspensions({ cursor, signal } = {}) {
      return authorized<SuspensionPage>(`/moderation/suspensions${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`, { signal });
    },
    liftSuspension(id) {
      return authorized<void>(`/moderation/suspensions/${encodeURIComponent(id)}`, { method: 'DELETE' });
    },
    moderationLog({ cursor, signal } = {}) {
      return authorized<ModerationLogPage>(`/moderation/log${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`, { signal });
    },
    author(name, signal) {
      return request<AuthorProfile>(`/authors/${encodeURIComponent(name)}`, { signal });
    },
    authorPosts(name, { cursor, limit, signal } = {}) {
      const query = new URLSearchParams();
      if (limit) query.set('limit', String(limit));
      if (cursor) query.set('cursor', cursor);
      const qs = query.toString();
      return request<PostPage>(`/authors/${encodeURIComponent(name)}/posts${qs ? `?${qs}` : ''}`, { signal });
    },
    search(q, { category, cursor, limit, signal } = {}) {
      const query = new URLSearchParams({ q });
      if (category) query.set('category', category);
      if (limit) query.set('limit', String(limit));
      if (cursor) query.set('cursor', cursor);
      return request<PostPage>(`/search?${query.toString()}`, { signal });
    },
    savePost(id) {
      return authorized<void>(`${postPath(id)}/save`, { method: 'PUT' });
    },
    unsavePost(id) {
      return authorized<void>(`${postPath(id)}/save`, { method: 'DELETE' });
    },
    savedPosts({ cursor, signal } = {}) {
      return authorized<PostPage>(`/me/saved${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`, { signal });
    },
    savedIds(ids, signal) {
      return authorized<SavedIds>(`/me/saved/ids?ids=${ids.map(encodeURIComponent).join(',')}`, { signal });
    },
  };
}

export const ApiContext = createContext<ApiClient | null>(null);

export function useApi(): ApiClient {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi needs an ApiContext provider');
  return api;
}

/** The message to show for any error thrown by the client (or anything else). */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return UNKNOWN_MESSAGE;
}
