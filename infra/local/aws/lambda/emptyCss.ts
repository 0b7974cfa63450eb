/**
 * Style sheets load as empty modules, as the stack's bundler loads them (`loader: { '.css': 'empty' }`
 * in infra/constructs/lambdaFunction.ts): the page function renders web components that import their
 * styles, which the document already has. Local functions are bundled with that loader (bundle.ts); this
 * Node module hook is for whatever renders pages outside a bundle (the benchmarks).
 */
import { register } from 'node:module';

export const EMPTY_CSS_HOOK = `export async function load(url, context, next) {
  if (new URL(url).pathname.endsWith('.css')) return { format: 'module', source: '', shortCircuit: true };
  return next(url, context);
}`;

/** The hook as a module address for `register`. */
export const EMPTY_CSS_HOOK_URL = `data:text/javascript,${encodeURIComponent(EMPTY_CSS_HOOK)}`;

export function loadStyleSheetsAsEmpty(): void {
  register(EMPTY_CSS_HOOK_URL);
}
