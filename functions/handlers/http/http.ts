/**
 * The HTTP edge shared by every API handler: body parsing with a size limit, JSON responses, the one
 * mapping from errors to `{ error: { code, message } }`, one structured log line per request and the
 * request's metrics written when it ends.
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyResultV2, Context } from 'aws-lambda';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_PATTERN, MAX_BODY_BYTES } from '../../contract/common';
import { allRoutes, routeKey, type Route } from '../../contract/routes';
import { ERRORS, errorBody, type ErrorCode } from '../../contract/errors';
import { assertAccountAllows, type AccountRead, type AccountStateDeps, type RouteKind } from '../../domain/accountState';
import { callerFromClaims, type Caller, type SignedIn } from '../../domain/author';
import { idempotencyStore, nameStore } from '../../wiring';
import { idFromKey, once, recordKey } from '../../domain/idempotency';
import { DomainError, PayloadTooLargeError, UnauthorizedError, ValidationError } from '../../domain/errors';
import { loggedRequest } from '../../observability';

export type HttpEvent = APIGatewayProxyEventV2 | APIGatewayProxyEventV2WithJWTAuthorizer;
export type HttpResult = { statusCode: number; headers: Record<string, string>; body: string };

/** How long CloudFront may share a public read (`s-maxage`): a few seconds, so new posts show soon. */
export const PUBLIC_READ_SECONDS = 5;

/**
 * A response's Cache-Control: `no-store` (the default: errors, anything of one user's, anything
 * random) or `PUBLIC_READ`, for an answer that is the same for every reader (a feed page, a post):
 * CloudFront keeps it for a few seconds (`s-maxage`; see infra/constructs/site.ts), browsers ask again
 * (`max-age=0`).
 */
export const NO_STORE = 'no-store';
export const PUBLIC_READ = `public, max-age=0, s-maxage=${PUBLIC_READ_SECONDS}`;
export type CacheControl = typeof NO_STORE | typeof PUBLIC_READ;

export function json(statusCode: number, body: unknown, cacheControl: CacheControl = NO_STORE): HttpResult {
  return {
    statusCode,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': cacheControl },
    body: JSON.stringify(body),
  };
}

export function errorResponse(code: ErrorCode): HttpResult {
  return json(ERRORS[code].status, errorBody(code));
}

/** Parses a JSON body, refusing one over MAX_BODY_BYTES before parsing it. */
export function parseJsonBody(event: HttpEvent): unknown {
  const raw = event.body ?? '';
  const bytes = event.isBase64Encoded ? Buffer.from(raw, 'base64') : Buffer.from(raw, 'utf8');
  if (bytes.byteLength > MAX_BODY_BYTES) throw new PayloadTooLargeError();
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new ValidationError('INVALID_JSON');
  }
}

/** The verified JWT claims API Gateway's authorizer attached, if any. */
export function jwtClaims(event: HttpEvent): Record<string, unknown> | undefined {
  const authorizer = (event.requestContext as { authorizer?: { jwt?: { claims?: Record<string, unknown> } } }).authorizer;
  return authorizer?.jwt?.claims;
}

/** Who calls an authenticated route, from the authorizer's verified claims (UNAUTHORIZED without them). */
export function callerOf(event: HttpEvent): Caller {
  return callerFromClaims(jwtClaims(event));
}

/**
 * 301 to `location` (a path of this API). Shared like a public read and never kept longer: what it
 * points at changes when the name is claimed again or expires, and a browser keeps a 301 without a
 * Cache-Control for good.
 */
export function movedPermanently(location: string): HttpResult {
  return { statusCode: 301, headers: { location, 'cache-control': PUBLIC_READ }, body: '' };
}

/** 204 No Content. */
export function noContent(): HttpResult {
  return { statusCode: 204, headers: { 'cache-control': 'no-store' }, body: '' };
}

let accountStateDeps: AccountStateDeps | undefined;

/**
 * The names table, where account rows keep the deleted mark and suspensions: read lazily, so a
 * public route's function (which declares no names table) never asks for it. Every signed-in route
 * declares GetItem on it (infra/functions.ts; test/infra checks it).
 */
function accountState(): AccountStateDeps {
  accountStateDeps ??= { names: nameStore() };
  return accountStateDeps;
}

/** The contract's routes by API Gateway's route key (`POST /posts`), which every event names. */
const ROUTES_BY_KEY: ReadonlyMap<string, Route> = new Map(allRoutes().map(({ route }) => [routeKey(route), route]));

/** The contract's declaration of the route a request came by (undefined for a key it lacks, as in tests' bare events). */
function routeOf(event: HttpEvent): Route | undefined {
  return ROUTES_BY_KEY.get(event.routeKey);
}

/** What the route is for the account-state check: its declaration's rule, else a GET reads and anything else writes. */
function accountRuleOf(event: HttpEvent): RouteKind {
  return routeOf(event)?.account ?? (event.requestContext?.http?.method === 'GET' ? 'read' : 'write');
}

export type HttpHandlerOptions = {
  /**
   * How fresh the caller's account row must be for the use case it is handed to (AccountRead):
   * `current` for a route that shows or signs with the apodo, `consistent` for one that changes the row.
   * @default 'state' (only the check: a row this container read a few seconds ago will do)
   */
  readonly account?: AccountRead;
};

/** A handler's work: the request, and on a signed-in route the caller with its account row, read once. */
/**
 * What the wrapper tells a handler about its request: `writeId`, on an idempotent route called with an
 * Idempotency-Key, is the id to store the write under (derived from the key's record and its
 * generation: a retry of the same use finds what an earlier run stored).
 */
export type RequestScope = { writeId?: string };

export type HttpRun = (event: HttpEvent, caller: SignedIn | undefined, scope: RequestScope) => Promise<HttpResult>;

/**
 * The idempotency record of a request to one of the contract's idempotent routes that carries an
 * `Idempotency-Key` (INVALID_IDEMPOTENCY_KEY when it is malformed): the account, the method and
 * path, and the key. Undefined for any other request.
 */
export function idempotencyRecordOf(event: HttpEvent): string | undefined {
  if (!routeOf(event)?.idempotent) return undefined;
  const key = Object.entries(event.headers ?? {}).find(([name]) => name.toLowerCase() === IDEMPOTENCY_KEY_HEADER)?.[1];
  if (key === undefined) return undefined;
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) throw new ValidationError('INVALID_IDEMPOTENCY_KEY');
  return recordKey(callerOf(event).id, `${event.requestContext?.http?.method ?? ''} ${event.rawPath ?? ''}`, key);
}

/** Errors of a service that is unreachable or overloaded for now, after the SDK's own retries. */
const UNAVAILABLE_ERRORS = new Set([
  'ProvisionedThroughputExceededException',
  'ThrottlingException',
  'RequestLimitExceeded',
  'ServiceUnavailable',
  'InternalServerError',
  'TooManyRequestsException',
]);
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH']);

/**
 * Whether a failure means the database or another service cannot serve right now (throttled, or
 * not reachable): the caller is told to try again in a while (503 SERVICE_UNAVAILABLE), not that
 * the server failed. It is still logged and counted as a failure.
 */
export function isServiceUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code, cause } = error as Error & { code?: unknown; cause?: unknown };
  return UNAVAILABLE_ERRORS.has(error.name) || (typeof code === 'string' && UNREACHABLE_CODES.has(code)) || isServiceUnavailable(cause);
}

/** The function's remaining time, less a margin to answer in; 10 s where no context says (tests). */
const budgetOf = (context?: Context) => Math.max(1_000, (context?.getRemainingTimeInMillis() ?? 11_000) - 1_000);

/**
 * Wraps a handler: on a signed-in route (the authorizer's claims are present) the caller's account
 * row is read and its state checked first, in this one place for every route (deleted →
 * ACCOUNT_DELETED, suspended → ACCOUNT_SUSPENDED on writes), and the row is handed to the handler
 * with the caller, so no use case reads it again; a request with an Idempotency-Key to an idempotent route runs once per
 * key (domain/idempotency.ts); domain errors become their contract response; anything else is a 500
 * with a generic message, logged with the request id and never echoed (loggedRequest: one log line
 * per request, then the request's metrics).
 */
export function httpHandler(run: HttpRun, options: HttpHandlerOptions = {}) {
  return (event: HttpEvent, context?: Context): Promise<APIGatewayProxyResultV2> =>
    loggedRequest(
      context,
      { requestId: event.requestContext?.requestId, method: event.requestContext?.http?.method, route: event.routeKey },
      async () => {
        let failure: unknown;
        let code: ErrorCode | undefined;
        let caller: SignedIn | undefined;
        const respond = async (writeKey?: string): Promise<HttpResult> => {
          try {
            return await run(event, caller, { writeId: writeKey === undefined ? undefined : idFromKey(writeKey) });
          } catch (error) {
            code = error instanceof DomainError ? error.code : isServiceUnavailable(error) ? 'SERVICE_UNAVAILABLE' : 'INTERNAL_ERROR';
            if (!(error instanceof DomainError)) failure = error;
            return errorResponse(code);
          }
        };
        try {
          if (jwtClaims(event)) {
            const claimed = callerOf(event);
            caller = { ...claimed, row: await assertAccountAllows(accountState(), claimed, accountRuleOf(event), options.account) };
          }
          const record = idempotencyRecordOf(event);
          const result =
            record === undefined ? await respond() : await once({ store: idempotencyStore() }, record, budgetOf(context), respond);
          return { result, code, failure };
        } catch (error) {
          const errorCode: ErrorCode =
            error instanceof DomainError ? error.code : isServiceUnavailable(error) ? 'SERVICE_UNAVAILABLE' : 'INTERNAL_ERROR';
          return { result: errorResponse(errorCode), code: errorCode, failure: error instanceof DomainError ? undefined : error };
        }
      },
    );
}

/**
 * httpHandler for a route behind the authorizer: the handler gets the caller with its account row
 * (read once, by the wrapper); UNAUTHORIZED when the request carries no verified claims.
 */
export function signedInHandler(
  run: (event: HttpEvent, caller: SignedIn, scope: RequestScope) => Promise<HttpResult>,
  options: HttpHandlerOptions = {},
) {
  return httpHandler(async (event, caller, scope) => {
    if (caller === undefined) throw new UnauthorizedError();
    return run(event, caller, scope);
  }, options);
}
