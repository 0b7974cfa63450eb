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
import type { Route, RouteName, RouteOf } from '@contract/routes';
import type * as z from 'zod/mini';

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

/** A query string's values as a caller gives them: absent, null and undefined are left out. */
type QueryInput<T> = { [K in keyof T]?: T[K] | null };

/** What a call to a route takes: its path parameters, query and body, each only where the route has one. */
export type CallInput<R extends Route> = (R extends { params: infer P extends z.ZodMiniType } ? { params: z.input<P> } : unknown) &
  (R extends { query: infer Q extends z.ZodMiniType } ? { query?: QueryInput<z.input<Q>> } : unknown) &
  (R extends { body: infer B extends z.ZodMiniType } ? { body: z.input<B> } : unknown);

/** What a route answers, as its success schema parses it (nothing for a 204). */
export type CallAnswer<R extends Route> = R['success'] extends { schema: infer S extends z.ZodMiniType } ? z.output<S> : void;

/** How a call is made: a signal to abort it and, for an idempotent write, the submission's key. */
export type CallOptions = { signal?: AbortSignal } & WriteOptions;

/** The arguments of a call: the input may be left out when the route takes none. */
export type CallArgs<N extends RouteName> =
  object extends CallInput<RouteOf<N>>
    ? [input?: CallInput<RouteOf<N>>, options?: CallOptions]
    : [input: CallInput<RouteOf<N>>, options?: CallOptions];

export type ApiClient = {
  /**
   * Calls a route of the contract by its name (`posts.create`): the path, method and whether it needs the
   * token come from the contract's route table, and the answer is parsed by the route's schema.
   */
  call<N extends RouteName>(name: N, ...args: CallArgs<N>): Promise<CallAnswer<RouteOf<N>>>;
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

  // The contract's route table holds every schema: a script of its own, loaded with the first call (a
  // page that calls nothing, the server-rendered first paint included, never loads it).
  let table: Promise<typeof import('@contract/routes')> | undefined;

  async function routeOf(name: RouteName): Promise<Route> {
    const { routes } = await (table ??= import('@contract/routes'));
    const [group, key] = name.split('.') as [keyof typeof routes, string];
    return (routes[group] as Record<string, Route>)[key]!;
  }

  /** The route's path with its parameters in it, and its query string. */
  function urlOf(route: Route, input: { params?: Record<string, unknown>; query?: Record<string, unknown> }): string {
    const path = route.path.replace(/\{(\w+)\}/g, (_, param: string) => encodeURIComponent(String(input.params?.[param])));
    // In the order the route declares them, whatever the caller's: one URL per request, one CDN cache entry.
    const query = new URLSearchParams();
    const given = (input.query ?? {}) as Record<string, string | number | boolean | null | undefined>;
    for (const name of Object.keys(route.query?.def.shape ?? {})) {
      const value = given[name];
      if (value !== undefined && value !== null) query.set(name, String(value));
    }
    const search = query.toString();
    return `${base}${path}${search ? `?${search}` : ''}`;
  }

  async function call<N extends RouteName>(name: N, ...[input, options]: CallArgs<N>): Promise<CallAnswer<RouteOf<N>>> {
    const route = await routeOf(name);
    const given = (input ?? {}) as { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };
    const headers: Record<string, string> = {};
    if (route.auth !== 'public') {
      const token = await getIdToken();
      if (!token) throw new ApiError(await contractMessage('UNAUTHORIZED'), 401, 'UNAUTHORIZED');
      headers.authorization = `Bearer ${token}`;
    }
    if (given.body !== undefined) headers['content-type'] = 'application/json';
    if (options?.idempotencyKey !== undefined) headers['idempotency-key'] = options.idempotencyKey;
    let response: Response;
    try {
      response = await fetchImpl(urlOf(route, given), {
        method: route.method,
        headers,
        body: given.body === undefined ? undefined : JSON.stringify(given.body),
        signal: options?.signal,
        // One account's answers are never kept by the browser's cache; public reads may be (a few seconds).
        ...(route.auth !== 'public' || name === 'posts.random' ? { cache: 'no-store' as const } : {}),
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ApiError(NETWORK_MESSAGE, 0, 'NETWORK');
    }
    if (!response.ok) {
      const failure = await toApiError(response);
      if (failure.code === 'ACCOUNT_SUSPENDED') onAccountSuspended?.();
      throw failure;
    }
    const schema = route.success.schema;
    if (response.status === 204 || !schema) return undefined as CallAnswer<RouteOf<N>>;
    const parsed = schema.safeParse(await response.json());
    // An answer the contract does not describe is a fault of the server's: said as any unknown failure.
    if (!parsed.success) throw new ApiError(UNKNOWN_MESSAGE, response.status, 'UNKNOWN');
    return parsed.data as CallAnswer<RouteOf<N>>;
  }

  return {
    call,
    listPosts({ category, cursor, limit, signal } = {}) {
      return call('posts.list', { query: { category, cursor, limit } }, { signal });
    },
    getPost(id, signal) {
      return call('posts.get', { params: { id } }, { signal });
    },
    randomPost(signal) {
      return call('posts.random', {}, { signal });
    },
    createPost(body, options) {
      return call('posts.create', { body }, options);
    },
    myPosts({ cursor, signal } = {}) {
      return call('posts.mine', { query: { cursor } }, { signal });
    },
    deletePost(id) {
      return call('posts.remove', { params: { id } });
    },
    resendPost(id, body) {
      return call('posts.resend', { params: { id }, body });
    },
    async reportPost(id, reason, options) {
      await call('reports.post', { params: { id }, body: { reason } }, options);
    },
    nextForModeration(signal) {
      return call('moderation.next', {}, { signal });
    },
    voteOnPost(id, vote) {
      return call('moderation.vote', { params: { id }, body: { vote } });
    },
    skipPost(id) {
      return call('moderation.skip', { params: { id } });
    },
    pendingPosts({ cursor, signal } = {}) {
      return call('moderation.pending', { query: { cursor } }, { signal });
    },
    moderationToday(signal) {
      return call('moderation.today', {}, { signal });
    },
    decideOnPost(id, decision, reason) {
      return call('moderation.decide', { params: { id }, body: reason === undefined ? { decision } : { decision, reason } });
    },
    reported(signal) {
      return call('moderation.reported', {}, { signal });
    },
    listComments(postId, { cursor, signal } = {}) {
      return call('comments.list', { params: { id: postId }, query: { cursor } }, { signal });
    },
    createComment(postId, text, options) {
      return call('comments.create', { params: { id: postId }, body: { text } }, options);
    },
    deleteComment(id) {
      return call('comments.remove', { params: { id } });
    },
    async reportComment(id, reason, options) {
      await call('reports.comment', { params: { id }, body: { reason } }, options);
    },
    async decideOnComment(id, decision) {
      await call('comments.decide', { params: { id }, body: { decision } });
    },
    me(signal) {
      return call('accounts.me', {}, { signal });
    },
    notifications({ cursor, signal } = {}) {
      return call('notifications.list', { query: { cursor } }, { signal });
    },
    markNotificationsRead(ids) {
      return call('notifications.markRead', { body: ids ? { ids: [...ids] } : {} });
    },
    pushKey(signal) {
      return call('notifications.pushKey', {}, { signal });
    },
    subscribePush(subscription) {
      return call('notifications.subscribe', { body: subscription });
    },
    unsubscribePush(endpoint) {
      return call('notifications.unsubscribe', { body: { endpoint } });
    },
    setMyName(name) {
      return call('accounts.setName', { body: { name } });
    },
    deleteMe() {
      return call('accounts.remove');
    },
    castVote(id, vote) {
      return call('votes.cast', { params: { id }, body: { vote } });
    },
    removeVote(id) {
      return call('votes.remove', { params: { id } });
    },
    myVotes(ids, signal) {
      return call('votes.mine', { query: { ids: ids.join(',') } }, { signal });
    },
    topPosts({ period, by, cursor, limit, signal }) {
      return call('votes.top', { query: { period, by, cursor, limit } }, { signal });
    },
    suspendAuthor(body) {
      return call('moderation.suspend', { body });
    },
    suspensions({ cursor, signal } = {}) {
      return call('moderation.suspensions', { query: { cursor } }, { signal });
    },
    liftSuspension(id) {
      return call('moderation.lift', { params: { id } });
    },
    moderationLog({ cursor, signal } = {}) {
      return call('moderation.log', { query: { cursor } }, { signal });
    },
    author(name, signal) {
      return call('authors.get', { params: { name } }, { signal });
    },
    authorPosts(name, { cursor, limit, signal } = {}) {
      return call('authors.posts', { params: { name }, query: { cursor, limit } }, { signal });
    },
    search(q, { category, cursor, limit, signal } = {}) {
      return call('search.posts', { query: { q, category, cursor, limit } }, { signal });
    },
    savePost(id) {
      return call('saved.save', { params: { id } });
    },
    unsavePost(id) {
      return call('saved.unsave', { params: { id } });
    },
    savedPosts({ cursor, signal } = {}) {
      return call('saved.list', { query: { cursor } }, { signal });
    },
    savedIds(ids, signal) {
      return call('saved.ids', { query: { ids: ids.join(',') } }, { signal });
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
