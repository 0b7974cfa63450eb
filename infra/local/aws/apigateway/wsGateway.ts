/**
 * The local stand-in for the WebSocket API: `$connect`/`$disconnect` invoke the same handler
 * modules, and the management endpoint `POST /@connections/{id}` (plus GET and DELETE) lets the
 * broadcast handler use the real `@aws-sdk/client-apigatewaymanagementapi` client against it.
 * As on AWS, the management endpoint is not the public one and answers only requests signed with
 * credentials (SigV4, checked against the per-run secret the local functions are given): the public
 * port serves WebSocket upgrades only, so no page or reader can post a forged message or close a
 * connection. A client's `{ "action": "ping" }` is answered `{ "type": "pong" }` on its socket, as the
 * stack's mock route answers it (functions/contract/live.ts); any other message is ignored, as no
 * route of the API acts on it.
 */
import { randomBytes } from 'node:crypto';
import { STATUS_CODES, createServer, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { WebSocketServer, type WebSocket } from 'ws';
import { LIVE_PING, LIVE_PONG } from '../../../../functions/contract/live';
import { LOOPBACK, closeServer, listen, readBody, safeHandler } from '../../process/ports';
import { signedBy, type LocalCredentials } from './sigv4';

/** Invokes the route's function (runtime.ts). */
type WsHandler = (event: APIGatewayProxyWebsocketEventV2) => Promise<unknown>;

export type WsGatewayOptions = {
  port: number;
  /** The @connections endpoint's own loopback port. */
  managementPort: number;
  /** What a management call must be signed with (the local functions' credentials). */
  credentials: LocalCredentials;
  onConnect: WsHandler;
  onDisconnect: WsHandler;
};

export type WsGateway = { url: string; managementUrl: string; close(): Promise<void> };

/** A 128 KB frame limit, as API Gateway's. */
const MAX_MESSAGE_BYTES = 128 * 1024;

export async function startWsGateway(options: WsGatewayOptions): Promise<WsGateway> {
  const sockets = new Map<string, { socket: WebSocket; connectedAt: Date; sourceIp: string }>();
  // $disconnect handlers still running, awaited on close so none outlives the tables it writes.
  const disconnecting = new Set<Promise<void>>();
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });

  // The public port: WebSocket upgrades only (below); a plain HTTP request is told to upgrade.
  const server = createServer((_req, res) => void res.writeHead(426, { upgrade: 'websocket' }).end());
  const management = createServer(
    safeHandler('local WebSocket management API', async (req, res) => {
      const match = /^\/@connections\/([^/?]+)/.exec(req.url ?? '');
      if (!match) {
        res.writeHead(404).end();
        return;
      }
      const body = await readBody(req, MAX_MESSAGE_BYTES);
      if (body === 'too-large') {
        res.writeHead(413, { 'x-amzn-errortype': 'PayloadTooLargeException' }).end('{"message":"Payload too large"}');
        return;
      }
      if (!(await signedBy(req, body, options.credentials))) {
        res.writeHead(403, { 'content-type': 'application/json', 'x-amzn-errortype': 'ForbiddenException' }).end('{"message":"Forbidden"}');
        return;
      }
      const connectionId = decodeURIComponent(match[1] ?? '');
      const entry = sockets.get(connectionId);
      if (!entry) {
        res.writeHead(410, { 'content-type': 'application/json', 'x-amzn-errortype': 'GoneException' }).end('{"message":"Gone"}');
        return;
      }
      if (req.method === 'POST') {
        entry.socket.send(body.toString('utf8'));
        res.writeHead(200).end();
      } else if (req.method === 'DELETE') {
        entry.socket.close(1000);
        res.writeHead(204).end();
      } else if (req.method === 'GET') {
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ ConnectedAt: entry.connectedAt.toISOString(), Identity: { SourceIp: entry.sourceIp } }));
      } else {
        res.writeHead(405).end();
      }
    }),
  );

  // A client's fault (an oversized or invalid frame, a reset) must never reach the process: each
  // socket has an 'error' listener, and ws then closes that connection (1009, 1007…) by itself.
  wss.on('error', (error) => console.error('local ws gateway:', error.message));
  server.on('upgrade', (req, socket, head) => {
    socket.on('error', (error) => console.error(`local ws gateway: connection error (${error.message})`));
    void (async () => {
      const connectionId = randomBytes(9).toString('base64');
      const sourceIp = req.socket.remoteAddress ?? LOOPBACK;
      let accepted = false;
      // A refusal answers the handshake with the status `$connect` returned (401 for a bad token),
      // as API Gateway does; a function that failed, with 500.
      let refusal = 'HTTP/1.1 500 Internal Server Error';
      try {
        const result = (await options.onConnect(wsEvent('$connect', 'CONNECT', connectionId, req))) as APIGatewayProxyResultV2;
        const status = typeof result === 'object' ? (result.statusCode ?? 200) : 200;
        accepted = status >= 200 && status < 300;
        if (status >= 400 && status < 600) refusal = `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}`;
      } catch (error) {
        console.error('local ws gateway $connect:', error instanceof Error ? error.message : error);
      }
      if (!accepted) {
        if (!socket.destroyed) socket.end(`${refusal}\r\n\r\n`);
        return;
      }
      if (socket.destroyed) {
        // The client left during $connect: API Gateway would run $disconnect for it.
        void options.onDisconnect(wsEvent('$disconnect', 'DISCONNECT', connectionId, req)).catch(() => undefined);
        return;
      }
      accept(connectionId, sourceIp, req, socket, head);
    })();
  });

  const accept = (connectionId: string, sourceIp: string, req: IncomingMessage, socket: Duplex, head: Buffer) => {
    wss.handleUpgrade(req, socket, head, (ws) => {
      ws.on('error', (error) => console.error(`local ws gateway: closing ${connectionId} (${error.message})`));
      sockets.set(connectionId, { socket: ws, connectedAt: new Date(), sourceIp });
      ws.on('message', (data, isBinary) => {
        const bytes = data instanceof ArrayBuffer ? Buffer.from(data) : Array.isArray(data) ? Buffer.concat(data) : data;
        if (!isBinary && isPing(bytes.toString('utf8'))) ws.send(JSON.stringify(LIVE_PONG));
      });
      ws.on('close', () => {
        sockets.delete(connectionId);
        const disconnected = options
          .onDisconnect(wsEvent('$disconnect', 'DISCONNECT', connectionId, req))
          .then(() => undefined)
          .catch((error: unknown) => console.error('local ws gateway $disconnect:', error))
          .finally(() => disconnecting.delete(disconnected));
        disconnecting.add(disconnected);
      });
    });
  };

  const port = await listen(server, options.port);
  const managementPort = await listen(management, options.managementPort);
  return {
    url: `ws://${LOOPBACK}:${port}`,
    managementUrl: `http://${LOOPBACK}:${managementPort}`,
    close: async () => {
      for (const { socket } of sockets.values()) socket.terminate();
      wss.close();
      await closeServer(server);
      await closeServer(management);
      await Promise.all(disconnecting);
    },
  };
}

function wsEvent(
  routeKey: string,
  eventType: 'CONNECT' | 'DISCONNECT',
  connectionId: string,
  req: IncomingMessage,
): APIGatewayProxyWebsocketEventV2 {
  const now = new Date();
  return {
    requestContext: {
      routeKey,
      eventType,
      connectionId,
      messageId: undefined as unknown as string,
      extendedRequestId: randomBytes(8).toString('hex'),
      requestTime: now.toUTCString(),
      messageDirection: 'IN',
      stage: 'local',
      connectedAt: now.getTime(),
      requestTimeEpoch: now.getTime(),
      requestId: randomBytes(8).toString('hex'),
      domainName: req.headers.host ?? 'localhost',
      apiId: 'local',
    },
    // API Gateway hands $connect the query string of the connection's URL (`?post=<id>`).
    ...(eventType === 'CONNECT' ? { queryStringParameters: queryOf(req) } : {}),
    isBase64Encoded: false,
  };
}

/** The request's query string as API Gateway passes it (the last value of a repeated name), or undefined. */
function queryOf(req: IncomingMessage): Record<string, string> | undefined {
  const params = new URL(req.url ?? '/', 'http://localhost').searchParams;
  const entries = [...params.entries()];
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

/** Whether a frame selects the ping route (API Gateway's route selection: `$request.body.action`). */
function isPing(text: string): boolean {
  try {
    return (JSON.parse(text) as { action?: unknown } | null)?.action === LIVE_PING.action;
  } catch {
    return false;
  }
}
