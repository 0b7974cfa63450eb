import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { siteBuildState, sourceHash } from '../../infra/local/aws/cloudfront/siteBuild';

let root = '';
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

/** A repository with what the web build reads, a build, and (optionally) the stamp of a build made from `hash`. */
async function repository(): Promise<{ stampFile: string; write: (path: string, text: string) => Promise<void> }> {
  root = await mkdtemp(join(tmpdir(), 'vaya-dia-site-build-'));
  const write = async (path: string, text: string) => {
    await mkdir(join(root, path, '..'), { recursive: true });
    await writeFile(join(root, path), text);
  };
  await write('web/index.html', '<!doctype html>');
  await write('web/src/main.tsx', 'export {};');
  await write('web/vite.config.ts', 'export default {};');
  await write('functions/contract/posts.ts', 'export const A = 1;');
  await write('package-lock.json', '{}');
  await write('web/dist/index.html', '<!doctype html><script src="/assets/index-abc12345.js"></script>');
  return { stampFile: join(root, 'stamp.json'), write };
}

describe('the production build npm start serves', () => {
  it('is built when never built here, and again only when what the build reads changed', async () => {
    const { stampFile, write } = await repository();
    expect(await siteBuildState({ root, stampFile })).toMatchObject({ upToDate: false, why: 'never built here' });

    await writeFile(stampFile, JSON.stringify({ hash: await sourceHash(root) }));
    expect(await siteBuildState({ root, stampFile })).toMatchObject({ upToDate: true });
    // The build's own output is not a source: rebuilding does not make it stale.
    await write('web/dist/assets/index-def67890.js', 'console.log(1)');
    expect(await siteBuildState({ root, stampFile })).toMatchObject({ upToDate: true });

    for (const [path, text] of [
      ['web/src/main.tsx', 'export const changed = true;'],
      ['web/src/new/Thing.tsx', 'export {};'],
      ['functions/contract/posts.ts', 'export const A = 2;'],
      ['web/vite.config.ts', 'export default { base: "/" };'],
      ['package-lock.json', '{ "lockfileVersion": 3 }'],
    ] as const) {
      await write(path, text);
      expect(await siteBuildState({ root, stampFile }), path).toMatchObject({ upToDate: false, why: 'web sources changed' });
      await writeFile(stampFile, JSON.stringify({ hash: await sourceHash(root) }));
    }
  });

  it('is built when the build is gone, even with a stamp', async () => {
    const { stampFile } = await repository();
    await writeFile(stampFile, JSON.stringify({ hash: await sourceHash(root) }));
    await rm(join(root, 'web/dist'), { recursive: true });
    expect(await siteBuildState({ root, stampFile })).toMatchObject({ upToDate: false, why: 'never built here' });
  });
});
