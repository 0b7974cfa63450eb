/**
 * The local stand-in for the WebSocket API: `$connect`/`$disconnect` invoke the same handler
 * modules, and the management endpoint `POST /@connections/{id}` (plus GET and DELETE) lets the
 * broadcast handler use the real `@aws-sdk/client-apigatewaymanagementapi` client against it.
 */
import { randomBytes } from 'node:crypto';
import type { Duplex } from 'node:stream';
import { createServer, type IncomingMessage } from 'node:http';
import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { WebSocketServer, type WebSocket } from 'ws';
import { LOOPBACK, closeServer, listen, readBody, safeHandler } from './net';

type WsHandler = (event: APIGatewayProxyWebsocketEventV2) => Promise<APIGatewayProxyResultV2>;

export type WsGatewayOptions = { port: number; onConnect: WsHandler; onDisconnect: WsHandler };

export type WsGateway = { url: string; close: () => Promise<void> };

/** A 128 KB frame limit, as API Gateway's. */
const MAX_MESSAGE_BYTES = 128 * 1024;

export async function startWsGateway(options: WsGatewayOptions): Promise<WsGateway> {
  const sockets = new Map<string, { socket: WebSocket; connectedAt: Date; sourceIp: string }>();
  // $disconnect handlers still running, awaited on close so none outlives the tables it writes.
  const disconnecting = new Set<Promise<void>>();
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });

  const server = createServer(
    safeHandler('local WebSocket management API', async (req, res) => {
      const match = /^\/@connections\/([^/?]+)/.exec(req.url ?? '');
      if (!match) {
        res.writeHead(404).end();
        return;
      }
      const connectionId = decodeURIComponent(match[1] ?? '');
      const entry = sockets.get(connectionId);
      if (!entry) {
        res.writeHead(410, { 'content-type': 'application/json', 'x-amzn-errortype': 'GoneException' }).end('{"message":"Gone"}');
        return;
      }
      if (req.method === 'POST') {
        const body = await readBody(req, MAX_MESSAGE_BYTES);
        if (body === 'too-large') {
          res.writeHead(413, { 'x-amzn-errortype': 'PayloadTooLargeException' }).end('{"message":"Payload too large"}');
          return;
        }
        entry.socket.send(body.toString('utf8'));
        res.writeHead(200).end();
      } else if (req.method === 'DELETE') {
        entry.socket.close(1000);
        res.writeHead(204).end();
      } else if (req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({ ConnectedAt: entry.connectedAt.toISOString(), Identity: { SourceIp: entry.sourceIp } }),
        );
      } else {
        res.writeHead(405).end();
      }
    }),
  );

  const upgrade = async (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const connectionId = randomBytes(9).toString('base64');
    const sourceIp = req.socket.remoteAddress ?? LOOPBACK;
    let accepted = false;
    try {
      const result = await options.onConnect(wsEvent('$connect', 'CONNECT', connectionId, req));
      const status = typeof result === 'object' ? (result.statusCode ?? 200) : 200;
      accepted = status >= 200 && status < 300;
    } catch (error) {
      console.error('local ws gateway $connect:', error);
    }
    if (!accepted) {
      socket.end('HTTP/1.1 500 Internal Server Error\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      sockets.set(connectionId, { socket: ws, connectedAt: new Date(), sourceIp });
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
  // An upgrade that fails after $connect (a socket already gone, a bad frame header) drops that
  // socket and is logged; it never becomes an unhandled rejection that stops the local cloud.
  server.on('upgrade', (req, socket, head) => {
    upgrade(req, socket, head).catch((error: unknown) => {
      console.error('local ws gateway upgrade:', error);
      socket.destroy();
    });
  });

  const port = await listen(server, options.port);
  return {
    url: `ws://${LOOPBACK}:${port}`,
    close: async () => {
      for (const { socket } of sockets.values()) socket.terminate();
      wss.close();
      await closeServer(server);
      await Promise.all(disconnecting);
    },
  };
}

function wsEvent(routeKey: string, eventType: 'CONNECT' | 'DISCONNECT', connectionId: string, req: IncomingMessage): APIGatewayProxyWebsocketEventV2 {
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
    isBase64Encoded: false,
  };
}
