import { createContext, useContext } from 'react';
import type { ErrorBody, ErrorCode } from '@contract/errors';
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
  /**
   * Calls a route whose answer is a file to save (`accounts.export`): its body as a Blob and the name the
   * server gives it in `Content-Disposition` (null when it gives none). Errors as `call`'s.
   */
  download<N extends RouteName>(name: N, ...args: CallArgs<N>): Promise<DownloadedFile>;
};

/** A file the API answered with: what to save, and under which name. */
export type DownloadedFile = { blob: Blob; fileName: string | null };

/** The file name of a `Content-Disposition: attachment; filename="…"` header, or null. */
export function fileNameOf(disposition: string | null): string | null {
  const match = disposition ? /filename="([^"]+)"/.exec(disposition) : null;
  return match?.[1] ?? null;
}

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

  /** Sends the request of a call; an answer that is not 2xx is thrown as an ApiError. */
  async function send<N extends RouteName>(name: N, ...[input, options]: CallArgs<N>): Promise<{ route: Route; response: Response }> {
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
    return { route, response };
  }

  async function call<N extends RouteName>(name: N, ...args: CallArgs<N>): Promise<CallAnswer<RouteOf<N>>> {
    const { route, response } = await send(name, ...args);
    const schema = route.success.schema;
    if (response.status === 204 || !schema) return undefined as CallAnswer<RouteOf<N>>;
    const parsed = schema.safeParse(await response.json());
    // An answer the contract does not describe is a fault of the server's: said as any unknown failure.
    if (!parsed.success) throw new ApiError(UNKNOWN_MESSAGE, response.status, 'UNKNOWN');
    return parsed.data as CallAnswer<RouteOf<N>>;
  }

  async function download<N extends RouteName>(name: N, ...args: CallArgs<N>): Promise<DownloadedFile> {
    const { response } = await send(name, ...args);
    return { blob: await response.blob(), fileName: fileNameOf(response.headers.get('content-disposition')) };
  }

  return { call, download };
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
