import { Worker, type WorkerOptions } from 'node:worker_threads';
import { EMPTY_CSS_HOOK_URL } from '../aws/lambda/emptyCss';

/**
 * A worker thread running a TypeScript module of the local cloud. The module is loaded through tsx
 * explicitly: a worker does not inherit the loader hooks that `tsx` / `--import tsx` registered on
 * the main thread. The worker gets a copy of `process.env` as it is now, and style sheets load as
 * empty modules (aws/lambda/emptyCss.ts).
 */
export function tsWorker(module: URL, options: Omit<WorkerOptions, 'eval'> = {}): Worker {
  const source = [
    `import('node:module').then(({ register }) => register(${JSON.stringify(EMPTY_CSS_HOOK_URL)}))`,
    `.then(() => import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}))`,
    `.then(({ tsImport }) => tsImport(${JSON.stringify(module.href)}, ${JSON.stringify(import.meta.url)}))`,
  ].join('');
  return new Worker(source, { ...options, eval: true });
}
