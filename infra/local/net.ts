import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Loopback only: nothing the local cloud starts is reachable from another machine. */
export const LOOPBACK = '127.0.0.1';

/** A port that was free a moment ago, for children that must be told their port up front. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await listen(server, 0);
  const { port } = server.address() as AddressInfo;
  await closeServer(server);
  return port;
}

/** `requested` when non-zero, else a free port. */
export async function portOrFree(requested: number): Promise<number> {
  return requested > 0 ? requested : freePort();
}

export function listen(server: Server, port: number, host = LOOPBACK): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      reject(error.code === 'EADDRINUSE' ? new Error(`Port ${port} on ${host} is already in use`) : error);
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

export async function readBody(req: import('node:http').IncomingMessage, maxBytes: number): Promise<Buffer | 'too-large'> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) return 'too-large';
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
