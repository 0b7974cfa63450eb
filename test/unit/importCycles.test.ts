import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCycles } from '../../infra/tools/importCycles';

/**
 * `npm run check:cycles` (infra/tools/importCycles.ts) on small modules written to a folder of their
 * own: what it reports is what would break load order, and nothing else.
 */
let folder: string;

const modules: Record<string, string> = {
  // Three modules in a ring.
  'ringOne.ts': "import { two } from './ringTwo';\nexport const one = (): number => two() + 1;\n",
  'ringTwo.ts': "import { three } from './ringThree';\nexport const two = (): number => three() + 1;\n",
  'ringThree.ts': "import { one } from './ringOne';\nexport const three = (): number => one() + 1;\n",
  // Types only, both ways: gone from the JavaScript, so no cycle.
  'typeOne.ts': "import type { Two } from './typeTwo';\nexport type One = { two?: Two };\nexport const one = 1;\n",
  'typeTwo.ts': "import type { One } from './typeOne';\nexport type Two = { one?: One };\nexport const two = 2;\n",
  // A lazy import back still ties the two.
  'lazyOne.ts': "import { two } from './lazyTwo';\nexport const one = () => two;\n",
  'lazyTwo.tsx': "export const two = () => import('./lazyOne');\n",
  // One way only.
  'leaf.ts': 'export const leaf = 1;\n',
  'user.ts': "import { leaf } from './leaf';\nexport const user = leaf + 1;\n",
};

beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'vaya-dia-cycles-'));
  for (const [name, code] of Object.entries(modules)) writeFileSync(join(folder, name), code);
});

afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('npm run check:cycles', () => {
  it('reports a ring of three modules and a lazy import back, not imports of types only nor one-way ones', async () => {
    const cycles = await importCycles(['*.{ts,tsx}'], folder);
    const asSets = cycles.map((cycle) => [...cycle].sort());
    expect(asSets).toHaveLength(2);
    expect(asSets).toEqual(
      expect.arrayContaining([
        ['ringOne.ts', 'ringThree.ts', 'ringTwo.ts'],
        ['lazyOne.ts', 'lazyTwo.tsx'],
      ]),
    );
  });
});
