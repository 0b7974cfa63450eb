/**
 * A counting pass-through in front of the run's DynamoDB Local: a local cloud started with its address
 * as DYNAMODB_ENDPOINT sends every request of every function through it, unchanged, and a test reads
 * how many Queries and Scans a request made on a table and how many items they read — the reads a
 * request costs, measured on the wire rather than trusted from the code.
 */
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SHARED_DYNAMODB_ENV } from './sharedDynamo';

export type DynamoCall = { operation: string; table: string; items: number };

export type DynamoCounter = {
  endpoint: string;
  /** Every call since the last `reset`, in the order they were answered. */
  calls(): DynamoCall[];
  reset(): void;
  close(): Promise<void>;
};

export async function startDynamoCounter(): Promise<DynamoCounter> {
  const target = new URL(process.env[SHARED_DYNAMODB_ENV] ?? '');
  if (!target.host) throw new Error(`${SHARED_DYNAMODB_ENV} is not set: the counter needs the run's DynamoDB Local`);
  let calls: DynamoCall[] = [];
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const body = Buffer.concat(chunks);
      const forwarded = request(
        {
          host: target.hostname,
          port: target.port,
          method: incoming.method,
          path: incoming.url,
          headers: incoming.headers,
        },
        (answer) => {
          const parts: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => parts.push(chunk));
          answer.on('end', () => {
            const answered = Buffer.concat(parts);
            const operation = String(incoming.headers['x-amz-target'] ?? '').split('.')[1] ?? '';
            if (operation === 'Query' || operation === 'Scan' || operation === 'BatchGetItem') {
              try {
                const asked = JSON.parse(body.toString('utf8')) as { TableName?: string; RequestItems?: Record<string, unknown> };
                const got = JSON.parse(answered.toString('utf8')) as { Count?: number; Responses?: Record<string, unknown[]> };
                if (operation === 'BatchGetItem') {
                  for (const [table, items] of Object.entries(got.Responses ?? {})) calls.push({ operation, table, items: items.length });
                } else {
                  calls.push({ operation, table: asked.TableName ?? '', items: got.Count ?? 0 });
                }
              } catch {
                calls.push({ operation, table: '?', items: 0 });
              }
            }
            outgoing.writeHead(answer.statusCode ?? 500, answer.headers);
            outgoing.end(answered);
          });
        },
      );
      forwarded.on('error', () => {
        outgoing.writeHead(502);
        outgoing.end();
      });
      forwarded.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    calls: () => [...calls],
    reset: () => {
      calls = [];
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
