import { randomInt } from 'node:crypto';
import { createServer, request, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Loopback only: nothing the local cloud starts is reachable from another machine. */
export const LOOPBACK = '127.0.0.1';

/**
 * Ports handed to children that must be told theirs up front are drawn from below the ephemeral range
 * (Linux: 32768–60999, macOS and Windows: 49152–65535). A port the kernel picked for listen(0) is in
 * that range, and once released, an outgoing connection (a test makes thousands) may take it before
 * the child binds it; a port below the range is never given to an outgoing connection.
 */
const CHOSEN_PORTS = { first: 20_000, count: 12_000 };

/** A port someone else holds: the server (or child) told to use it could not. */
export class PortInUseError extends Error {
  constructor(
    readonly port: number,
    detail = '',
  ) {
    super(`Port ${port} on ${LOOPBACK} is already in use${detail}`);
  }
}

/** A port that was free a moment ago, for children that must be told their port up front. */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = CHOSEN_PORTS.first + randomInt(CHOSEN_PORTS.count);
    const server = createServer();
    const bound = await listen(server, port).then(
      () => true,
      () => false,
    );
    if (!bound) continue;
    await closeServer(server);
    return port;
  }
  throw new Error(`No free port between ${CHOSEN_PORTS.first} and ${CHOSEN_PORTS.first + CHOSEN_PORTS.count} on ${LOOPBACK}`);
}

/** `requested` when non-zero, else a free port. */
export async function portOrFree(requested: number): Promise<number> {
  return requested > 0 ? requested : freePort();
}

export function listen(server: Server, port: number, host = LOOPBACK): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      reject(error.code === 'EADDRINUSE' ? new PortInUseError(port) : error);
    };
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections?.();
  });
}

export async function readBody(req: IncomingMessage, maxBytes: number): Promise<Buffer | 'too-large'> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) return 'too-large';
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * An async request handler that cannot take the process down: a failure (a client that aborts
 * mid-body, a malformed payload) is logged and answered 500 if nothing was sent yet.
 */
export function safeHandler(name: string, handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    handle(req, res).catch((error: unknown) => {
      if (!req.readableAborted) console.error(`${name}:`, error);
      if (!res.headersSent && !res.destroyed) res.writeHead(500).end();
    });
  };
}

export type Forwarded = { status: number; headers: IncomingHttpHeaders; body: Buffer };

/** Sends a buffered request to a loopback port and buffers the answer. */
export function forward(port: number, method: string, path: string, headers: IncomingHttpHeaders, body: Buffer): Promise<Forwarded> {
  return new Promise((resolve, reject) => {
    const upstream = request(
      { host: LOOPBACK, port, method, path, headers: { ...headers, 'content-length': String(body.length) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 500, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    upstream.on('error', reject);
    upstream.end(body);
  });
}

/** Writes a forwarded answer back, letting Node set the framing headers for the buffered body. */
export function sendForwarded(res: ServerResponse, answer: Forwarded): void {
  const { 'content-length': _length, 'transfer-encoding': _encoding, connection: _connection, ...headers } = answer.headers;
  res.writeHead(answer.status, headers).end(answer.body);
}
