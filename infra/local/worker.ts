import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * Style sheets load as empty modules, as the stack's bundler loads them (`loader: { '.css': 'empty' }`
 * in infra/constructs/lambdaFunction.ts): the page function renders web components that import their
 * styles, which the document already has.
 */
const EMPTY_CSS_HOOK = `export async function load(url, context, next) {
  if (new URL(url).pathname.endsWith('.css')) return { format: 'module', source: '', shortCircuit: true };
  return next(url, context);
}`;

/**
 * A worker thread running a TypeScript module of the local cloud. The module is loaded through tsx
 * explicitly: a worker does not inherit the loader hooks that `tsx` / `--import tsx` registered on
 * the main thread. The worker gets a copy of `process.env` as it is now.
 */
export function tsWorker(module: URL, options: Omit<WorkerOptions, 'eval'> = {}): Worker {
  const source = [
    `import('node:module').then(({ register }) => register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(EMPTY_CSS_HOOK)}`)}))`,
    `.then(() => import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}))`,
    `.then(({ tsImport }) => tsImport(${JSON.stringify(module.href)}, ${JSON.stringify(import.meta.url)}))`,
  ].join('');
  return new Worker(source, { ...options, eval: true });
}
