/**
 * Figure 4: the Lambda bundles. Each handler is bundled by the stack's own `LambdaFunction` construct
 * (NodejsFunction: esbuild, minified, source maps, Node 24, ES modules) in a throwaway CDK app, so
 * the settings are the deployed ones by construction. Then: the minified size of the bundle, and the
 * time a fresh Node process takes to load it (`import()`, with the environment the stack sets).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { App, Stack } from 'aws-cdk-lib';
import { ENV } from '../../functions/store/tables';
import { LambdaFunction } from '../../infra/constructs/lambdaFunction';
import { TABLES } from '../../infra/functions';
import { defaultVapidSecretName, PUSH_SERVICES } from '../../infra/pushServices';
import { median } from './stats';

/** `everyHandler`: each handler module; else the first of each kind (http, pages, stream…), beside the references. */
export type BundleOptions = { imports: number; everyHandler: boolean };
export const FULL: BundleOptions = { imports: 10, everyHandler: true };
/** The smoke run checks that the figure works: a bundle of each kind, built and loaded once (each bundle is ~1.5 s here). */
export const SMOKE: BundleOptions = { imports: 1, everyHandler: false };

export type BundleResult = { entry: string; bytes: number; importMs: number[] };

const ROOT = join(import.meta.dirname, '../..');
const HANDLERS = join(ROOT, 'functions/handlers');
/**
 * Bundled and timed beside the handlers, each with what it stands for in the report: the floor every API
 * handler pays, and the floor of the page function (the same read, and React's server renderer). See each file.
 */
export const REFERENCE_BUNDLES: Record<string, string> = {
  'test/bench/lambdaFloor/dynamoOnly.ts':
    "a handler that only reads one DynamoDB item (the SDK's document client, the floor of every API handler)",
  'test/bench/lambdaFloor/serverRender.ts':
    "a handler that reads one item and renders it with React DOM's static prerender under React Router's StaticRouter (the floor of the page function)",
};

/** Every handler module: a file under functions/handlers that exports `handler`. */
export function handlerEntries(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.ts') && /export const handler\b/.test(readFileSync(path, 'utf8'))) found.push(relative(ROOT, path));
    }
  };
  walk(HANDLERS);
  return found;
}

/** The first handler of each folder of functions/handlers (a kind of trigger). */
function firstOfEachKind(entries: string[]): string[] {
  const kinds = new Set<string>();
  return entries.filter((entry) => {
    const kind = dirname(entry);
    if (kinds.has(kind)) return false;
    kinds.add(kind);
    return true;
  });
}

/**
 * Bundles every handler exactly as the stack does, in one throwaway app, and returns each entry's
 * bundle (found through the asset path CDK records on each function resource).
 */
function bundleAll(entries: string[], outdir: string): Array<{ entry: string; file: string }> {
  const app = new App({ outdir, context: { 'aws:cdk:enable-asset-metadata': true } });
  const stack = new Stack(app, 'Bench');
  entries.forEach((entry, index) => new LambdaFunction(stack, `Handler${index}`, { entry, environment: {} }));
  const template = JSON.parse(readFileSync(join(app.synth().directory, 'Bench.template.json'), 'utf8')) as {
    Resources: Record<string, { Type: string; Metadata?: Record<string, string> }>;
  };
  return entries.map((entry, index) => {
    const resource = Object.entries(template.Resources).find(
      ([id, { Type }]) => Type === 'AWS::Lambda::Function' && id.startsWith(`Handler${index}Function`),
    )?.[1];
    const assetPath = resource?.Metadata?.['aws:asset:path'];
    if (!assetPath) throw new Error(`no bundle for ${entry}`);
    const dir = join(outdir, assetPath);
    const file = ['index.mjs', 'index.js'].map((name) => join(dir, name)).find((candidate) => existsSync(candidate));
    if (!file) throw new Error(`no index.mjs or index.js in the bundle of ${entry}`);
    return { entry, file };
  });
}

/** Milliseconds to load the bundle (ES module or CommonJS) in a fresh Node process, measured inside it. */
function importTime(entry: string, file: string): number {
  const script = `const t=performance.now();await import(${JSON.stringify(pathToFileURL(file).href)});process.stdout.write(String(performance.now()-t))`;
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    AWS_REGION: 'eu-west-1',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    // Every table's variable (a superset of any one function's), so each handler module loads.
    ...Object.fromEntries(Object.values(TABLES).map(({ env, description }) => [env, description.logicalName])),
    // And every endpoint's and function name's.
    [ENV.wsManagementEndpoint]: 'https://example.execute-api.eu-west-1.amazonaws.com/live',
    [ENV.userPoolId]: 'eu-west-1_example',
    [ENV.tokenIssuer]: 'https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_example',
    [ENV.tokenAudience]: 'example-client-id',
    [ENV.broadcastPartFunction]: 'BroadcastPart',
    [ENV.vapidSecret]: defaultVapidSecretName('dev'),
    [ENV.pushServices]: PUSH_SERVICES.join(','),
    // The operator's details as a deployment without them gives (the legal documents show placeholders).
    [ENV.legalDetails]: JSON.stringify({ region: 'eu-west-1' }),
    // The site's CloudFront distribution (the posts stream's batched reader invalidates stale share cards in it).
    [ENV.siteDistribution]: 'EEXAMPLE',
    // What Lambda sets: the bundle's folder (the page function reads its shell there, on first use).
    LAMBDA_TASK_ROOT: dirname(file),
  };
  try {
    return Number(execFileSync(process.execPath, ['--input-type=module', '-e', script], { env, encoding: 'utf8', stdio: 'pipe' }));
  } catch (error) {
    // The first line of stderr is a minified line of the bundle: only the error's own last lines say why.
    const stderr = (error as { stderr?: string }).stderr ?? '';
    const reason = stderr.split('\n').find((line) => /^\w*Error\b/.test(line)) ?? stderr.slice(-300);
    throw new Error(`${entry} failed to load: ${reason}`);
  }
}

export async function measureBundles(options: BundleOptions): Promise<BundleResult[]> {
  const results: BundleResult[] = [];
  const workDir = mkdtempSync(join(tmpdir(), 'vaya-dia-bench-bundles-'));
  try {
    const handlers = options.everyHandler ? handlerEntries() : firstOfEachKind(handlerEntries());
    const files = bundleAll([...Object.keys(REFERENCE_BUNDLES), ...handlers], workDir);
    for (const { entry, file } of files) {
      results.push({ entry, bytes: statSync(file).size, importMs: [] });
    }
    // Interleaved: one import of each bundle per pass, so drift hits all of them alike.
    for (let pass = 0; pass < options.imports; pass++) {
      files.forEach(({ entry, file }, index) => results[index]?.importMs.push(importTime(entry, file)));
    }
    for (const result of results) {
      console.log(`  ${result.entry}: ${(result.bytes / 1024).toFixed(1)} KB, import ${median(result.importMs).toFixed(1)} ms`);
    }
    return results;
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}
