/**
 * The local stand-in for the HTTP API: the same routes, each invoking the same handler module with
 * an API Gateway v2 event. `POST /posts` is guarded like the JWT authorizer on AWS: the bearer token
 * must be signed by the pool's key, issued by the pool, meant for the app client (`aud` or
 * `client_id`) and unexpired; its claims reach the handler as strings in
 * `requestContext.authorizer.jwt.claims`.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2 } from 'aws-lambda';
import { errorBody, type ErrorCode, ERRORS } from '../../../../functions/contract/errors';
import { tokenVerifier, type TokenVerifier } from '../../../../functions/store/cognito/idTokens';
import { LOOPBACK, closeServer, listen, readBody } from '../../process/ports';

/** Invokes the route's function (runtime.ts) with an API Gateway v2 event. */
type Handler = (event: APIGatewayProxyEventV2) => Promise<unknown>;

export type HttpRoute = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string; handler: Handler; jwt?: boolean };

export type HttpGatewayOptions = {
  port: number;
  routes: HttpRoute[];
  /** Origins allowed by CORS, as on the deployed API. */
  allowedOrigins: string[];
  jwt: { issuer: string; audience: string; jwksUrl: string };
};

/** API Gateway's own payload limit; the handlers apply the contract's much smaller one. */
const GATEWAY_MAX_BODY = 10 * 1024 * 1024;
const EMPTY = Buffer.alloc(0);

export type HttpGateway = {
  url: string;
  /**
   * The gateway's request listener, for a server in the same process that serves the API under its
   * own origin (as CloudFront's `/posts*` behaviour does): it answers without a second HTTP hop.
   */
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>;
  close: () => Promise<void>;
};

export async function startHttpGateway(options: HttpGatewayOptions): Promise<HttpGateway> {
  const jwks = tokenVerifier(options.jwt);
  // API Gateway picks the most specific route: `/a/top` before `/a/{id}`, whatever the
  // declaration order. Fewer path variables first (a stable sort keeps the order otherwise).
  const variables = (path: string) => path.split('{').length - 1;
  const routes = options.routes
    .map((route) => ({ ...route, pattern: routePattern(route.path) }))
    .sort((a, b) => variables(a.path) - variables(b.path));
  const match = (method: string | undefined, pathname: string) => {
    for (const route of routes) {
      if (route.method !== method) continue;
      const found = route.pattern.exec(pathname);
      if (found) return { route, groups: found.groups ?? {} };
    }
    return undefined;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    try {
      applyCors(req, res, options.allowedOrigins);
      if (req.method === 'OPTIONS') {
        res.writeHead(204).end();
        return;
      }
      const url = new URL(req.url ?? '/', 'http://local');
      const found = match(req.method, url.pathname);
      if (!found) return send(res, 'ROUTE_NOT_FOUND');

      // A request with neither Content-Length nor Transfer-Encoding has no body (RFC 9112 §6.3).
      const hasBody = req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined;
      const body = hasBody ? await readBody(req, GATEWAY_MAX_BODY) : EMPTY;
      if (body === 'too-large') return send(res, 'PAYLOAD_TOO_LARGE');

      let claims: Record<string, string> | undefined;
      if (found.route.jwt) {
        const verified = await verifyBearer(req.headers.authorization, jwks, options.jwt);
        if (verified === 'unavailable') return send(res, 'SERVICE_UNAVAILABLE');
        if (!verified) return send(res, 'UNAUTHORIZED');
        claims = verified;
      }
      const event = toEvent(req, url, found.route, found.groups, body, claims);
      let result: unknown;
      try {
        result = await found.route.handler(event);
      } catch (error) {
        // A function that threw, could not start or timed out: API Gateway's own answer.
        console.error(`local http gateway: ${event.routeKey}: ${error instanceof Error ? error.message : String(error)}`);
        res.writeHead(500, { 'content-type': 'application/json' }).end('{"message":"Internal Server Error"}');
        return;
      }
      writeResult(res, result as APIGatewayProxyResultV2);
    } catch (error) {
      console.error('local http gateway:', error);
      if (!res.headersSent && !res.destroyed) send(res, 'INTERNAL_ERROR');
    }
  };
  const server = createServer((req, res) => void handle(req, res));
  const port = await listen(server, options.port);
  return { url: `http://${LOOPBACK}:${port}`, handle, close: () => closeServer(server) };
}

/** `/a/{id}` → a regex with named groups; literal segments win because routes are listed first. */
function routePattern(path: string): RegExp {
  const source = path.replace(/\{(\w+)\}/g, '(?<$1>[^/]+)');
  return new RegExp(`^${source}$`);
}

/**
 * The token's claims, undefined for a token the authorizer would refuse, or 'unavailable' when the
 * pool's keys cannot be fetched (cognito-local is down): that is the service's fault, not the caller's.
 * The check itself is the one `$connect` makes of `?token=` (functions/store/cognito/idTokens.ts).
 */
async function verifyBearer(
  header: string | undefined,
  verify: TokenVerifier,
  expected: HttpGatewayOptions['jwt'],
): Promise<Record<string, string> | undefined | 'unavailable'> {
  const checked = await verify(header?.replace(/^Bearer\s+/i, '').trim());
  if (checked === 'unavailable') {
    console.error(`local http gateway: the user pool's keys could not be fetched from ${expected.jwksUrl}; answering 503`);
    return 'unavailable';
  }
  return checked === 'refused' ? undefined : checked.claims;
}

function toEvent(
  req: IncomingMessage,
  url: URL,
  route: HttpRoute,
  pathParameters: Record<string, string>,
  body: Buffer,
  claims: Record<string, string> | undefined,
): APIGatewayProxyEventV2 {
  const headers: Record<string, string> = {};
  // Node already lower-cases header names.
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams) query[name] = name in query ? `${query[name]},${value}` : value;
  const now = new Date();
  const event: APIGatewayProxyEventV2 = {
    version: '2.0',
    routeKey: `${route.method} ${route.path}`,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    headers,
    queryStringParameters: Object.keys(query).length > 0 ? query : undefined,
    pathParameters: Object.keys(pathParameters).length > 0 ? mapValues(pathParameters, decodePathSegment) : undefined,
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'local',
      http: {
        method: route.method,
        path: url.pathname,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp: req.socket.remoteAddress ?? LOOPBACK,
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey: `${route.method} ${route.path}`,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    body: body.length > 0 ? body.toString('utf8') : undefined,
    isBase64Encoded: false,
  };
  if (claims) {
    (event.requestContext as unknown as { authorizer: unknown }).authorizer = { jwt: { claims, scopes: null } };
  }
  return event;
}

/** A path parameter as API Gateway hands it over: decoded, or as sent when it is not valid percent-encoding. */
function decodePathSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function mapValues(record: Record<string, string>, fn: (value: string) => string): Record<string, string> {
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, fn(v)]));
}

function writeResult(res: ServerResponse, result: APIGatewayProxyResultV2): void {
  if (typeof result === 'string') {
    res.writeHead(200, { 'content-type': 'application/json' }).end(result);
    return;
  }
  res.writeHead(result.statusCode ?? 200, result.headers as Record<string, string> | undefined);
  res.end(result.isBase64Encoded && result.body ? Buffer.from(result.body, 'base64') : (result.body ?? ''));
}

function send(res: ServerResponse, code: ErrorCode): void {
  res.writeHead(ERRORS[code].status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(errorBody(code)));
}

function applyCors(req: IncomingMessage, res: ServerResponse, allowedOrigins: string[]): void {
  const origin = req.headers.origin;
  if (!origin || !allowedOrigins.includes(origin)) return;
  res.setHeader('access-control-allow-origin', origin);
  res.setHeader('vary', 'origin');
  if (req.method === 'OPTIONS') {
    res.setHeader('access-control-allow-methods', 'GET,POST,PUT,DELETE,OPTIONS');
    res.setHeader('access-control-allow-headers', 'authorization,content-type,idempotency-key');
    res.setHeader('access-control-max-age', '600');
  }
}
