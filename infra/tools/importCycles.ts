/**
 * `npm run check:cycles`: no two of the repository's modules import each other, directly or through
 * others. A cycle makes load order matter (a value read before its module ran is `undefined`) and ties
 * modules that should stand alone; lint's one-way layers (eslint.config.js) rule most of them out, this
 * the rest. Type-only imports are left out (they vanish from the JavaScript); `import()` counts.
 *
 * dpdm reads each file once with TypeScript's parser and resolves `@contract/*` through tsconfig.json:
 * about 10 s for the whole tree, where eslint-plugin-import's `import/no-cycle` took 70 of lint's 126.
 * Exit code 1 and each cycle printed when there is one.
 */
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { parseCircular, parseDependencyTree } from 'dpdm';

const repoRoot = join(import.meta.dirname, '..', '..');

/** The repository's own modules: the back end, the stack and local cloud, the web app, the tests. */
export const SOURCES = ['functions/**/*.{ts,tsx,mjs}', 'infra/**/*.{ts,mjs}', 'web/src/**/*.{ts,tsx}', 'test/**/*.{ts,tsx}', '*.ts'];

/**
 * The import cycles among `files` (globs, or paths, from `cwd`), each as the files it goes through
 * (relative to `cwd`), none when there is none.
 */
export async function importCycles(files: readonly string[], cwd = repoRoot): Promise<string[][]> {
  const tree = await parseDependencyTree([...files], {
    cwd,
    context: cwd,
    tsconfig: join(repoRoot, 'tsconfig.json'),
    transform: true,
    exclude: /node_modules|cdk\.out|web\/dist|\.lintProbe\./,
  });
  return parseCircular(tree);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const cycles = await importCycles(SOURCES);
  if (cycles.length === 0) {
    console.log('No import cycles.');
  } else {
    console.error(
      `${cycles.length} import cycle${cycles.length === 1 ? '' : 's'}: break each by moving what both sides need to a module of its own.`,
    );
    for (const cycle of cycles) console.error(`  ${[...cycle, cycle[0]].join(' → ')}`);
    process.exitCode = 1;
  }
}
