/**
 * DynamoDB Local binds every interface (its jar has no bind option): its Java policy keeps it to
 * connections from this machine. Checked on the run's shared DynamoDB Local, from this machine's
 * loopback and from its own network address, as another machine on the network would reach it.
 */
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { describe, expect, it } from 'vitest';
import { SHARED_DYNAMODB_ENV } from '../support/sharedDynamo';

const port = Number(new URL(process.env[SHARED_DYNAMODB_ENV] ?? 'http://127.0.0.1:0').port);
/** This machine's first address on a network (not loopback), if it has one. */
const networkAddress = Object.values(networkInterfaces())
  .flat()
  .find((address) => address && address.family === 'IPv4' && !address.internal)?.address;

/** Sends a bare HTTP request and returns what came back before the connection closed ('' for nothing). */
function exchange(host: string): Promise<string> {
  return new Promise((resolve) => {
    let received = '';
    const socket = connect({ host, port }, () => socket.end(`GET / HTTP/1.1\r\nHost: ${host}:${port}\r\nConnection: close\r\n\r\n`));
    socket.setTimeout(10_000, () => socket.destroy());
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(received));
  });
}

describe('DynamoDB Local', () => {
  it('answers on loopback', async () => {
    expect(await exchange('127.0.0.1')).toMatch(/^HTTP\/1\.1 400/);
  });

  it.skipIf(!networkAddress)(
    `refuses a connection to this machine's network address (${networkAddress ?? 'none'}), and still serves loopback`,
    async () => {
      for (let attempt = 0; attempt < 3; attempt++) expect(await exchange(networkAddress!)).toBe('');
      expect(await exchange('127.0.0.1')).toMatch(/^HTTP\/1\.1 400/);
    },
  );
});
