/**
 * The local stand-in for Lambda: each declared function (infra/functions.ts) runs its real handler,
 * bundled as the stack bundles it (bundle.ts), on a worker thread of its own (functionThread.ts), started
 * on its first invocation like a cold start, with only the environment the function is given. Errors behave as on AWS: an init failure
 * (a missing variable, say) fails every invocation until the next start, a handler's rejection
 * fails that invocation only, and an invocation past the function's timeout fails and ends its
 * environment (the handler stops there and writes nothing more); the next invocation starts a new one.
 */
import { Worker } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import type { FunctionDeclaration } from '../../../functions';
import { functionBundle } from './bundle';
import type { InvokeRequest, LambdaWorkerData, SerializedError, WorkerMessage } from './functionThread';

/** The thread's own code (./functionThread.ts), bundled like a handler so a worker loads plain modules only. */
const FUNCTION_THREAD = 'infra/local/aws/lambda/functionThread.ts';

export type LocalFunction = {
  readonly id: string;
  invoke(event: unknown): Promise<unknown>;
  /** Starts its environment (a cold start) without invoking it, as provisioned concurrency would. */
  warm(): Promise<void>;
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

/** One execution environment: a worker thread and the invocations it is running. */
type Environment = {
  thread: Promise<Worker>;
  pending: Map<number, { resolve(result: unknown): void; reject(error: Error): void; timer: NodeJS.Timeout }>;
};

export function localFunction(declaration: FunctionDeclaration, environment: Record<string, string>, region: string): LocalFunction {
  const timeoutMs = (declaration.timeoutSeconds ?? 10) * 1000;
  let nextId = 0;
  /** The environment new invocations go to; one that timed out or crashed is replaced on the next one. */
  let current: Environment | undefined;
  const all = new Set<Environment>();
  let closed = false;

  const failAll = (env: Environment, error: InvocationError) => {
    for (const [id, call] of env.pending) {
      clearTimeout(call.timer);
      call.reject(error);
      env.pending.delete(id);
    }
  };

  /**
   * Ends an environment, as Lambda ends one whose invocation timed out: its thread is stopped, so a
   * handler past its time writes nothing more. The invocations it was still running (the local runtime
   * runs concurrent ones in one thread; Lambda would have given each its own) fail as crashed.
   */
  const retire = (env: Environment) => {
    if (current === env) current = undefined;
    void env.thread.then((thread) => thread.terminate()).catch(() => undefined);
  };

  const start = (): Environment => {
    const env: Environment = { thread: undefined as unknown as Promise<Worker>, pending: new Map() };
    env.thread = Promise.all([functionBundle(FUNCTION_THREAD), functionBundle(declaration.entry)]).then(
      ([threadModule, handlerModule]) => {
        const data: LambdaWorkerData = {
          entry: pathToFileURL(handlerModule).href,
          functionName: declaration.id,
          memorySize: declaration.memorySize ?? 256,
          timeoutMs,
          region,
        };
        return new Promise<Worker>((resolveStart, rejectStart) => {
          const thread = new Worker(threadModule, { workerData: data, env: environment });
          let ready = false;
          thread.on('message', (message: WorkerMessage) => {
            if (message.type === 'ready') {
              ready = true;
              resolveStart(thread);
            } else if (message.type === 'init-error') {
              console.error(
                JSON.stringify({ level: 'error', function: declaration.id, message: 'init failed', error: message.error.message }),
              );
              rejectStart(new InvocationError(declaration.id, 'init', message.error));
            } else {
              const call = env.pending.get(message.id);
              if (!call) return;
              env.pending.delete(message.id);
              clearTimeout(call.timer);
              if (message.type === 'result') call.resolve(message.result);
              else call.reject(new InvocationError(declaration.id, 'handler', message.error));
            }
          });
          thread.on('error', (error: Error) => {
            // An exception outside any invocation's promise ends the environment, as on Lambda.
            if (ready)
              console.error(JSON.stringify({ level: 'error', function: declaration.id, message: 'runtime crashed', error: error.message }));
            failAll(env, new InvocationError(declaration.id, 'crash', { name: error.name, message: error.message, stack: error.stack }));
          });
          thread.once('exit', () => {
            if (current === env) current = undefined;
            all.delete(env);
            if (!ready)
              rejectStart(new InvocationError(declaration.id, 'init', { name: 'Error', message: 'the function exited while starting' }));
            failAll(env, new InvocationError(declaration.id, 'crash', { name: 'Error', message: 'the function exited' }));
          });
        });
      },
      (error: unknown) => {
        // Code that does not build (a syntax error, a missing module) fails the init, as a deployment could not have it.
        const message = error instanceof Error ? error.message : String(error);
        console.error(JSON.stringify({ level: 'error', function: declaration.id, message: 'bundling failed', error: message }));
        all.delete(env);
        throw new InvocationError(declaration.id, 'init', { name: 'Error', message });
      },
    );
    env.thread.catch(() => {
      if (current === env) current = undefined; // the next invocation tries a fresh start, as Lambda does
    });
    all.add(env);
    return env;
  };

  return {
    id: declaration.id,
    async invoke(event) {
      if (closed) throw new InvocationError(declaration.id, 'crash', { name: 'Error', message: 'the local cloud is stopping' });
      const env = (current ??= start());
      const thread = await env.thread;
      const id = nextId++;
      return new Promise((resolveCall, rejectCall) => {
        const timer = setTimeout(() => {
          env.pending.delete(id);
          rejectCall(
            new InvocationError(declaration.id, 'timeout', {
              name: 'TimeoutError',
              message: `Task timed out after ${timeoutMs / 1000} seconds`,
            }),
          );
          retire(env);
        }, timeoutMs);
        env.pending.set(id, { resolve: resolveCall, reject: rejectCall, timer });
        thread.postMessage({ id, event } satisfies InvokeRequest);
      });
    },
    async warm() {
      if (closed) return;
      await (current ??= start()).thread;
    },
    async close() {
      closed = true;
      // In-flight invocations finish first (or time out), as an orderly shutdown would let them.
      while ([...all].some((env) => env.pending.size > 0)) await new Promise((resolveWait) => setTimeout(resolveWait, 10));
      await Promise.all([...all].map((env) => env.thread.then((thread) => thread.terminate()).catch(() => undefined)));
    },
  };
}
