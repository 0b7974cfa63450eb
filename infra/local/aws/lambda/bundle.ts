/**
 * A local function's code: its handler bundled by esbuild with the stack's options
 * (infra/functionBundle.ts), as CDK bundles it for Lambda, so each function runs here the code it
 * runs on AWS. A bundle is kept under node_modules/.cache and used again while none of the files it
 * was built from changed (their size and modification time, checked at each cold start), so a cold
 * start loads one module instead of compiling the TypeScript sources in every environment: measured
 * on the 2-core CI machine, ~160 ms against ~1.4 s through tsx, for each of the hundreds of cold
 * starts of a test run.
 */
import { build, version as esbuildVersion } from 'esbuild';
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { FUNCTION_BUNDLE } from '../../../functionBundle';

const REPOSITORY_ROOT = resolve(import.meta.dirname, '../../../..');
const CACHE_DIR = join(REPOSITORY_ROOT, 'node_modules/.cache/vaya-dia/functions');
/** Bundles of an entry that a newer one replaced are removed once this old (a running cloud may still start one). */
const STALE_AFTER_MS = 60 * 60 * 1000;

/** What a cached bundle was built from: the options, and each input's size and modification time. */
type Manifest = { key: string; file: string; inputs: Record<string, [size: number, mtimeMs: number]> };

/** Builds in progress in this process, by entry, so concurrent cold starts of one function build once. */
const building = new Map<string, Promise<string>>();

/**
 * The bundle of a handler module (`entry`, from the repository root): the absolute path of an ES module
 * beside its source map. Built on first use and whenever a file it was built from changed.
 */
export function functionBundle(entry: string): Promise<string> {
  const inProgress = building.get(entry);
  if (inProgress) return inProgress;
  const result = cachedOrBuilt(entry).finally(() => building.delete(entry));
  building.set(entry, result);
  return result;
}

async function cachedOrBuilt(entry: string): Promise<string> {
  const slug = entry.replace(/\.[cm]?tsx?$/, '').replace(/[^A-Za-z0-9]+/g, '-');
  const manifestPath = join(CACHE_DIR, `${slug}.json`);
  const key = createHash('sha256')
    .update(JSON.stringify({ esbuildVersion, entry, options: FUNCTION_BUNDLE }))
    .digest('hex');
  const cached = await readManifest(manifestPath);
  if (cached?.key === key && (await unchanged(cached))) return join(CACHE_DIR, cached.file);

  // A name of its own for each build: a cloud running the previous bundle may still start it.
  const file = `${slug}.${randomBytes(6).toString('hex')}.mjs`;
  const outfile = join(CACHE_DIR, file);
  await mkdir(CACHE_DIR, { recursive: true });
  const result = await build({
    absWorkingDir: REPOSITORY_ROOT,
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    target: FUNCTION_BUNDLE.target,
    format: FUNCTION_BUNDLE.format,
    mainFields: [...FUNCTION_BUNDLE.mainFields],
    banner: { js: FUNCTION_BUNDLE.banner },
    minify: FUNCTION_BUNDLE.minify,
    // Stack traces point at the TypeScript sources (the function thread turns source maps on).
    sourcemap: FUNCTION_BUNDLE.sourceMap ? 'linked' : false,
    sourcesContent: false,
    alias: FUNCTION_BUNDLE.alias,
    loader: FUNCTION_BUNDLE.loader,
    define: FUNCTION_BUNDLE.define,
    metafile: true,
    logLevel: 'silent',
  });
  const inputs: Manifest['inputs'] = {};
  for (const input of Object.keys(result.metafile.inputs)) {
    const info = await stat(join(REPOSITORY_ROOT, input)).catch(() => undefined);
    if (info) inputs[input] = [info.size, info.mtimeMs];
  }
  // Written whole, then renamed: a cloud reading it at the same time sees the old manifest or the new.
  const temporary = `${manifestPath}.${randomBytes(6).toString('hex')}`;
  await writeFile(temporary, JSON.stringify({ key, file, inputs } satisfies Manifest));
  await rename(temporary, manifestPath);
  await removeStale(slug, file);
  return outfile;
}

async function readManifest(path: string): Promise<Manifest | undefined> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as Manifest;
  } catch {
    return undefined;
  }
}

async function unchanged(manifest: Manifest): Promise<boolean> {
  const bundle = await stat(join(CACHE_DIR, manifest.file)).catch(() => undefined);
  if (!bundle) return false;
  const checks = Object.entries(manifest.inputs).map(async ([input, [size, mtimeMs]]) => {
    const info = await stat(join(REPOSITORY_ROOT, input)).catch(() => undefined);
    return info !== undefined && info.size === size && info.mtimeMs === mtimeMs;
  });
  return (await Promise.all(checks)).every(Boolean);
}

/** Older bundles of the same entry, once no cloud is likely to start them any more. */
async function removeStale(slug: string, current: string): Promise<void> {
  const now = Date.now();
  for (const name of await readdir(CACHE_DIR)) {
    if (!name.startsWith(`${slug}.`) || name.startsWith(basename(current, '.mjs'))) continue;
    if (!/\.mjs(\.map)?$|\.json\.[0-9a-f]+$/.test(name)) continue;
    const info = await stat(join(CACHE_DIR, name)).catch(() => undefined);
    if (info && now - info.mtimeMs > STALE_AFTER_MS) await rm(join(CACHE_DIR, name), { force: true });
  }
}
