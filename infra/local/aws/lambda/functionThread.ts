/**
 * One local Lambda function: a worker thread of its own (runtime.ts) whose `process.env` is
 * only the function's declared environment plus what Lambda itself provides, so a handler that reads
 * a variable its declaration does not give fails here as it would on AWS. The handler's bundle
 * (bundle.ts) is loaded once, like a Lambda execution environment's init; invocations arrive as
 * messages. This file is bundled too, so the thread loads no TypeScript.
 */
import { randomUUID } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';
import type { Context } from 'aws-lambda';

export type LambdaWorkerData = { entry: string; functionName: string; memorySize: number; timeoutMs: number; region: string };
export type InvokeRequest = { id: number; event: unknown };
export type WorkerMessage =
  | { type: 'ready' }
  | { type: 'init-error'; error: SerializedError }
  | { type: 'result'; id: number; result: unknown }
  | { type: 'error'; id: number; error: SerializedError };
export type SerializedError = { name: string; message: string; stack?: string };

// Stack traces name the TypeScript sources, as `--enable-source-maps` does on Lambda (the stack sets it).
process.setSourceMapsEnabled(true);

const parent = parentPort;
if (!parent) throw new Error('functionThread.ts runs as a worker thread (see runtime.ts)');
const options = workerData as LambdaWorkerData;
const post = (message: WorkerMessage) => parent.postMessage(message);
const serialize = (error: unknown): SerializedError =>
  error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : { name: 'Error', message: String(error) };

type Handler = (event: unknown, context: Context) => Promise<unknown>;
let handler: Handler;
try {
  const module = (await import(options.entry)) as { handler?: Handler };
  if (typeof module.handler !== 'function') throw new Error(`${options.entry} exports no handler`);
  handler = module.handler;
} catch (error) {
  post({ type: 'init-error', error: serialize(error) });
  throw error;
}

function context(requestId: string): Context {
  const deadline = Date.now() + options.timeoutMs;
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName: options.functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:${options.region}:000000000000:function:${options.functionName}`,
    memoryLimitInMB: String(options.memorySize),
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/${options.functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

parent.on('message', (request: InvokeRequest) => {
  handler(request.event, context(randomUUID())).then(
    (result) => post({ type: 'result', id: request.id, result }),
    (error: unknown) => post({ type: 'error', id: request.id, error: serialize(error) }),
  );
});
post({ type: 'ready' });
