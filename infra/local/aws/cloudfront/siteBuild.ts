/**
 * The production build `npm start` serves (web/dist, what `npm run build` makes and CloudFront serves),
 * made when it is missing or older than the sources it is built from. What the build reads — web/
 * (its sources, index.html, public/, the Vite and TypeScript configs), the contract it imports as
 * `@contract`, and the lockfile (the libraries' versions) — is hashed by content; the hash of the last
 * build made here is kept beside the function bundles' cache. A build made another way (`npm run
 * build`) has no stamp, so the next start builds once more.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPOSITORY_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
/** Folders and files the web build reads, from the repository's root. */
const BUILD_INPUTS = ['web', 'functions/contract', 'package-lock.json'];
/** Never inputs: the build's own output. */
const NOT_INPUTS = new Set([join('web', 'dist'), 'node_modules']);

export type SiteBuildOptions = {
  /** @default the repository's root */
  root?: string;
  /** Where the hash of the last build is kept. @default node_modules/.cache/vaya-dia/web-build.json */
  stampFile?: string;
};

export type SiteBuildState = { upToDate: true } | { upToDate: false; why: 'never built here' | 'web sources changed' };

/** One hash of every input's path and content, in a stable order. */
export async function sourceHash(root = REPOSITORY_ROOT): Promise<string> {
  const hash = createHash('sha256');
  const files: string[] = [];
  for (const input of BUILD_INPUTS) {
    const path = join(root, input);
    const info = await stat(path).catch(() => undefined);
    if (!info) continue;
    if (info.isFile()) files.push(input);
    else
      for (const entry of await readdir(path, { recursive: true, withFileTypes: true })) {
        if (!entry.isFile()) continue;
        const file = relative(root, join(entry.parentPath, entry.name));
        if (![...NOT_INPUTS].some((skip) => file === skip || file.startsWith(skip + sep))) files.push(file);
      }
  }
  for (const file of files.sort()) {
    hash.update(file.split(sep).join('/')).update('\0');
    hash.update(await readFile(join(root, file))).update('\0');
  }
  return hash.digest('hex');
}

function stampOf(options: SiteBuildOptions): string {
  return options.stampFile ?? join(options.root ?? REPOSITORY_ROOT, 'node_modules/.cache/vaya-dia/web-build.json');
}

/** Whether web/dist was built here from the sources as they are now. */
export async function siteBuildState(options: SiteBuildOptions = {}): Promise<SiteBuildState & { hash: string }> {
  const root = options.root ?? REPOSITORY_ROOT;
  const hash = await sourceHash(root);
  const built = await stat(join(root, 'web/dist/index.html')).catch(() => undefined);
  const stamp = await readFile(stampOf(options), 'utf8')
    .then((text) => (JSON.parse(text) as { hash?: unknown }).hash)
    .catch(() => undefined);
  if (!built || stamp === undefined) return { upToDate: false, why: 'never built here', hash };
  return stamp === hash ? { upToDate: true, hash } : { upToDate: false, why: 'web sources changed', hash };
}

/**
 * Runs `vite build` as `npm run build` does (a child process without a NODE_ENV a caller may have set,
 * which would make Vite bundle React's development build), then writes the stamp of `hash`.
 */
export async function buildSite(hash: string, options: SiteBuildOptions = {}): Promise<void> {
  const root = options.root ?? REPOSITORY_ROOT;
  const env = { ...process.env };
  delete env.NODE_ENV;
  await new Promise<void>((resolve, reject) => {
    execFile(
      process.execPath,
      [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'],
      { cwd: root, env, maxBuffer: 64 * 1024 * 1024 },
      (error, _stdout, stderr) => (error ? reject(new Error(`The web build failed:\n${stderr || error.message}`)) : resolve()),
    );
  });
  const stamp = stampOf(options);
  await mkdir(dirname(stamp), { recursive: true });
  await writeFile(stamp, JSON.stringify({ hash, builtAt: new Date().toISOString() }));
}
