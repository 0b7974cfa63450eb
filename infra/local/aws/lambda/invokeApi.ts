/**
 * The local stand-in for the Lambda API's `Invoke` (`POST /2015-03-31/functions/{name}/invocations`),
 * so a handler that invokes another declared function uses the real `@aws-sdk/client-lambda` client,
 * found through the SDK's standard `AWS_ENDPOINT_URL_LAMBDA`, exactly as on AWS:
 *
 * - `InvocationType: Event` answers 202 at once and runs the function in the background, as Lambda's
 *   asynchronous invocation does: a failure is retried up to the declaration's `retryAttempts` (after
 *   1 s, then 2 s; Lambda waits about 1 and 2 minutes), an event older than `maxEventAgeSeconds` is
 *   not run, and what still fails goes to the on-failure destination — here a log line with the
 *   fields Lambda would send.
 * - `RequestResponse` (the default) answers 200 with the function's result, or with
 *   `X-Amz-Function-Error: Unhandled` and the error, as Lambda does.
 * - An unknown function is `ResourceNotFoundException` (404).
 */
import { createServer } from 'node:http';
import { inspect } from 'node:util';
import type { InvokeTrigger } from '../../../functions';
import type { LocalFunction } from './runtime';
import { LOOPBACK, closeServer, listen, readBody, safeHandler } from '../../process/ports';

/** Lambda's options for a function's asynchronous invocations (an `invoke` trigger's). */
type AsyncSettings = Pick<InvokeTrigger, 'retryAttempts' | 'maxEventAgeSeconds'>;

export type LambdaApiOptions = {
  port: number;
  /** The declared functions, by the name other functions invoke them by (their id). */
  functions: ReadonlyMap<string, { fn: LocalFunction; async?: AsyncSettings }>;
};

export type LambdaApi = { url: string; close(): Promise<void> };

/** Lambda's own limit on an invocation's payload (6 MB synchronous; asynchronous ones are smaller, 1 MB). */
const MAX_PAYLOAD = 6 * 1024 * 1024;
const INVOKE_PATH = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/;

export async function startLambdaApi(options: LambdaApiOptions): Promise<LambdaApi> {
  const running = new Set<Promise<void>>();
  let closing = false;

  const runAsync = async (name: string, fn: LocalFunction, event: unknown, settings: AsyncSettings | undefined) => {
    const retries = settings?.retryAttempts ?? 2;
    const maxAgeMs = (settings?.maxEventAgeSeconds ?? 21_600) * 1000;
    const queuedAt = Date.now();
    let lastError: unknown;
    for (let attempt = 0; attempt <= retries; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, attempt * 1000));
      if (closing) return;
      if (Date.now() - queuedAt > maxAgeMs) {
        lastError = new Error('EventAgeExceeded');
        break;
      }
      try {
        await fn.invoke(event);
        return;
      } catch (error) {
        lastError = error;
      }
    }
    // The fields of the record Lambda sends to an on-failure destination for an asynchronous invocation.
    console.error(
      JSON.stringify({
        level: 'error',
        message: 'asynchronous invocation sent to the on-failure destination',
        function: name,
        requestContext: {
          functionArn: `arn:aws:lambda:local:000000000000:function:${name}`,
          condition: 'RetriesExhausted',
          approximateInvokeCount: retries + 1,
        },
        error: lastError instanceof Error ? `${lastError.name}: ${lastError.message}` : inspect(lastError),
      }),
    );
  };

  const server = createServer(
    safeHandler('local lambda api', async (req, res) => {
      const url = new URL(req.url ?? '/', 'http://local');
      const match = INVOKE_PATH.exec(url.pathname);
      if (req.method !== 'POST' || !match) {
        res
          .writeHead(404, { 'content-type': 'application/json', 'x-amzn-errortype': 'UnknownOperationException' })
          .end('{"message":"Unknown operation"}');
        return;
      }
      // A name, or an ARN ending in the name.
      const name =
        decodeURIComponent(match[1] ?? '')
          .split(':')
          .at(-1) ?? '';
      const target = options.functions.get(name);
      if (!target) {
        res
          .writeHead(404, { 'content-type': 'application/json', 'x-amzn-errortype': 'ResourceNotFoundException' })
          .end(JSON.stringify({ Type: 'User', message: `Function not found: ${name}` }));
        return;
      }
      const body = await readBody(req, MAX_PAYLOAD);
      if (body === 'too-large') {
        res
          .writeHead(413, { 'content-type': 'application/json', 'x-amzn-errortype': 'RequestTooLargeException' })
          .end('{"message":"Request must be smaller than 6291456 bytes"}');
        return;
      }
      let event: unknown;
      try {
        event = body.length > 0 ? JSON.parse(body.toString('utf8')) : {};
      } catch {
        res
          .writeHead(400, { 'content-type': 'application/json', 'x-amzn-errortype': 'InvalidRequestContentException' })
          .end('{"message":"Could not parse request body into json"}');
        return;
      }
      if (String(req.headers['x-amz-invocation-type'] ?? 'RequestResponse') === 'Event') {
        res.writeHead(202, { 'content-type': 'application/json' }).end();
        const run = runAsync(name, target.fn, event, target.async).finally(() => running.delete(run));
        running.add(run);
        return;
      }
      try {
        const result = await target.fn.invoke(event);
        res.writeHead(200, { 'content-type': 'application/json', 'x-amz-executed-version': '$LATEST' }).end(JSON.stringify(result ?? null));
      } catch (error) {
        const { name: errorType, message } = error instanceof Error ? error : { name: 'Error', message: inspect(error) };
        res
          .writeHead(200, { 'content-type': 'application/json', 'x-amz-executed-version': '$LATEST', 'x-amz-function-error': 'Unhandled' })
          .end(JSON.stringify({ errorType, errorMessage: message }));
      }
    }),
  );
  const port = await listen(server, options.port);
  return {
    url: `http://${LOOPBACK}:${port}`,
    async close() {
      closing = true;
      await closeServer(server);
      await Promise.allSettled([...running]);
    },
  };
}
