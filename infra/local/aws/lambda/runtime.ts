/**
 * The local stand-in for Lambda: each declared function (infra/functions.ts) runs its real handler
 * module on a worker thread of its own (functionThread.ts), started on its first invocation like a cold
 * start, with only the environment the function is given. Errors behave as on AWS: an init failure
 * (a missing variable, say) fails every invocation until the next start, and a handler's rejection
 * fails that invocation only.
 */
import { Worker } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import type { FunctionDeclaration } from '../../../functions';
import type { InvokeRequest, LambdaWorkerData, SerializedError, WorkerMessage } from './functionThread';
import { tsWorker } from '../../process/tsxWorker';

const REPOSITORY_ROOT = resolve(import.meta.dirname, '../../../..');

export type LocalFunction = {
  readonly id: string;
  invoke(event: unknown): Promise<unknown>;
  close(): Promise<void>;
};

/** An invocation that failed: the handler threw, the function could not start, or it timed out. */
export class InvocationError extends Error {
  constructor(
    readonly functionId: string,
    readonly kind: 'init' | 'handler' | 'timeout' | 'crash',
    error: SerializedError,
  ) {
    super(`${functionId}: ${error.message}`);
    this.name = error.name;
    if (error.stack) this.stack = error.stack;
  }
}

export function localFunction(declaration: FunctionDeclaration, environment: Record<string, string>, region: string): LocalFunction {
  const timeoutMs = (declaration.timeoutSeconds ?? 10) * 1000;
  const pending = new Map<number, { resolve(result: unknown): void; reject(error: Error): void; timer: NodeJS.Timeout }>();
  let nextId = 0;
  let worker: Promise<Worker> | undefined;
  let closed = false;

  const failAll = (error: InvocationError) => {
    for (const [id, call] of pending) {
      clearTimeout(call.timer);
      call.reject(error);
      pending.delete(id);
    }
  };

  const start = (): Promise<Worker> => {
    const data: LambdaWorkerData = {
      entry: pathToFileURL(resolve(REPOSITORY_ROOT, declaration.entry)).href,
      functionName: declaration.id,
      memorySize: declaration.memorySize ?? 256,
      timeoutMs,
      region,
    };
    const thread = tsWorker(new URL('./functionThread.ts', import.meta.url), { workerData: data, env: environment });
    return new Promise<Worker>((resolveStart, rejectStart) => {
      let ready = false;
      thread.on('message', (message: WorkerMessage) => {
        if (message.type === 'ready') {
          ready = true;
          resolveStart(thread);
        } else if (message.type === 'init-error') {
          console.error(JSON.stringify({ level: 'error', function: declaration.id, message: 'init failed', error: message.error.message }));
          rejectStart(new InvocationError(declaration.id, 'init', message.error));
        } else {
          const call = pending.get(message.id);
          if (!call) return;
          pending.delete(message.id);
          clearTimeout(call.timer);
          if (message.type === 'result') call.resolve(message.result);
          else call.reject(new InvocationError(declaration.id, 'handler', message.error));
        }
      });
      thread.on('error', (error) => {
        // An exception outside any invocation's promise ends the environment, as on Lambda.
        if (ready)
          console.error(JSON.stringify({ level: 'error', function: declaration.id, message: 'runtime crashed', error: error.message }));
        failAll(new InvocationError(declaration.id, 'crash', { name: error.name, message: error.message, stack: error.stack }));
      });
      thread.once('exit', () => {
        worker = undefined;
        if (!ready)
          rejectStart(new InvocationError(declaration.id, 'init', { name: 'Error', message: 'the function exited while starting' }));
        failAll(new InvocationError(declaration.id, 'crash', { name: 'Error', message: 'the function exited' }));
      });
    });
  };

  return {
    id: declaration.id,
    async invoke(event) {
      if (closed) throw new InvocationError(declaration.id, 'crash', { name: 'Error', message: 'the local cloud is stopping' });
      worker ??= start().catch((error: unknown) => {
        worker = undefined; // the next invocation tries a fresh start, as Lambda does
        throw error;
      });
      const thread = await worker;
      const id = nextId++;
      return new Promise((resolveCall, rejectCall) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          rejectCall(
            new InvocationError(declaration.id, 'timeout', {
              name: 'TimeoutError',
              message: `Task timed out after ${timeoutMs / 1000} seconds`,
            }),
          );
        }, timeoutMs);
        pending.set(id, { resolve: resolveCall, reject: rejectCall, timer });
        thread.postMessage({ id, event } satisfies InvokeRequest);
      });
    },
    async close() {
      closed = true;
      const thread = await worker?.catch(() => undefined);
      // In-flight invocations finish first, as an orderly shutdown would let them.
      while (pending.size > 0) await new Promise((resolveWait) => setTimeout(resolveWait, 10));
      await thread?.terminate();
    },
  };
}
