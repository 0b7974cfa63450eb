import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The repository's own ESLint configuration, run on small probe files, shows that the architecture
 * is a rule and not a sentence: one-way imports, and no floating promise in the back end.
 *
 * Type-aware lint only checks files that a tsconfig.json includes, so each probe is written for the
 * duration of the test where it claims to live (`*.lintProbe.ts`: ignored by git and by `eslint .`)
 * and removed afterwards.
 */
const repoRoot = join(import.meta.dirname, '..', '..');

const probes = {
  crossFeature: {
    filePath: 'web/src/features/posts/crossFeature.lintProbe.ts',
    code: "import { useAuth } from '../auth/context';\n\nexport const probe = useAuth;\n",
  },
  votesToSaved: {
    filePath: 'web/src/features/votes/votesToSaved.lintProbe.ts',
    code: "import { useSavedPost } from '../saved/useSaved';\n\nexport const probe = useSavedPost;\n",
  },
  componentToFeature: {
    filePath: 'web/src/components/componentToFeature.lintProbe.ts',
    code: "import { VoteButtons } from '../features/votes/VoteButtons';\n\nexport const probe = VoteButtons;\n",
  },
  routeComposesFeatures: {
    filePath: 'web/src/app/routes/routeComposesFeatures.lintProbe.ts',
    code:
      "import { VoteButtons } from '../../features/votes/VoteButtons';\n" +
      "import { SaveButton } from '../../features/saved/SaveButton';\n" +
      "import { PostCard } from '../../components/PostCard';\n\n" +
      'export const probe = [VoteButtons, SaveButton, PostCard];\n',
  },
  featureToApp: {
    filePath: 'web/src/features/live/featureToApp.lintProbe.ts',
    code: "import { App } from '../../app/App';\n\nexport const probe = App;\n",
  },
  featureToLib: {
    filePath: 'web/src/features/posts/featureToLib.lintProbe.ts',
    code: "import { CATEGORIES } from '@contract/posts';\nimport { useApi } from '../../lib/api';\n\nexport const probe = [useApi, CATEGORIES];\n",
  },
  webToFunctions: {
    filePath: 'web/src/lib/webToFunctions.lintProbe.ts',
    code: "import { readFeed } from '../../../functions/domain/posts';\nimport { MAX_POST_LENGTH } from '../../../functions/contract/posts';\n\nexport const probe = [readFeed, MAX_POST_LENGTH];\n",
  },
  functionsToWebAndInfra: {
    filePath: 'functions/domain/functionsToWebAndInfra.lintProbe.ts',
    code:
      "import { earlyStartScript } from '../../web/src/lib/earlyStart';\n" +
      "import { contentSecurityPolicy } from '../../infra/contentSecurityPolicy';\n\n" +
      'export const probe = [earlyStartScript, contentSecurityPolicy];\n',
  },
  stackToLocalCloud: {
    filePath: 'infra/constructs/stackToLocalCloud.lintProbe.ts',
    code: "import { startLocalCloud } from '../local/cloud';\n\nexport const probe = startLocalCloud;\n",
  },
  functionsToLocalCloud: {
    filePath: 'functions/domain/functionsToLocalCloud.lintProbe.ts',
    code: "import { startWebServer } from '../../infra/local/aws/cloudfront/webServer';\n\nexport const probe = startWebServer;\n",
  },
  localCloudToDomain: {
    filePath: 'infra/local/fixtures/localCloudToDomain.lintProbe.ts',
    code:
      "import { POSTS_TABLE } from '../../../functions/store/tables';\n" +
      "import { requireEnv } from '../../../functions/config';\n" +
      "import { publishPost } from '../../../functions/domain/posts';\n\n" +
      'export const probe = [POSTS_TABLE, requireEnv, publishPost];\n',
  },
  handlerToDynamoStore: {
    filePath: 'functions/handlers/stream/handlerToDynamoStore.lintProbe.ts',
    code:
      "import { postFromItem } from '../../store/dynamodb/postItems';\n" +
      "import { streamImages } from '../../wiring';\n\n" +
      'export const probe = [postFromItem, streamImages];\n',
  },
  kebabCaseName: {
    filePath: 'functions/domain/kebab-case-name.lintProbe.ts',
    code: 'export const probe = 1;\n',
  },
  clickableDiv: {
    filePath: 'web/src/components/clickableDiv.lintProbe.tsx',
    code:
      'export function Probe({ onPick }: { onPick: () => void }) {\n' +
      '  return (\n' +
      '    <div onClick={onPick}>\n' +
      '      <img src="/logo.svg" />\n' +
      '    </div>\n' +
      '  );\n' +
      '}\n',
  },
  floatingPromise: {
    filePath: 'functions/domain/floatingPromise.lintProbe.ts',
    code: 'function save(): Promise<void> {\n  return Promise.resolve();\n}\n\nexport function handler(): void {\n  save();\n}\n',
  },
} as const;

type Problem = { ruleId: string | null; line: number; message: string };

const results = new Map<keyof typeof probes, Problem[]>();

beforeAll(async () => {
  const entries = Object.entries(probes) as [keyof typeof probes, (typeof probes)[keyof typeof probes]][];
  for (const [, { filePath, code }] of entries) writeFileSync(join(repoRoot, filePath), code);
  try {
    // `ignore: false`: `eslint .` skips the probes (in case one is left behind); this run must not.
    const eslint = new ESLint({ cwd: repoRoot, ignore: false });
    for (const [name, { filePath, code }] of entries) {
      const [result] = await eslint.lintText(code, { filePath: join(repoRoot, filePath) });
      results.set(
        name,
        (result?.messages ?? []).map(({ ruleId, line, message }) => ({ ruleId, line, message })),
      );
    }
  } finally {
    for (const [, { filePath }] of entries) rmSync(join(repoRoot, filePath), { force: true });
  }
}, 300_000);

afterAll(() => {
  for (const { filePath } of Object.values(probes)) rmSync(join(repoRoot, filePath), { force: true });
});

function problemsOf(name: keyof typeof probes): Problem[] {
  const problems = results.get(name);
  if (!problems) throw new Error(`${name} was not linted`);
  return problems;
}

describe('lint: one-way imports', () => {
  it('refuses an import from one web feature into another', () => {
    expect(problemsOf('crossFeature')).toEqual([
      {
        ruleId: 'import/no-restricted-paths',
        line: 1,
        message:
          'Unexpected path "../auth/context" imported in restricted zone. A feature never imports another feature: ' +
          "move what posts needs to web/src/lib or web/src/components, or wire the two in web/src/app (a card's parts: web/src/app/cardParts.tsx).",
      },
    ]);
  });

  it("keeps the card's parts apart: votes do not import «Guardar», and a shared component imports no feature", () => {
    expect(problemsOf('votesToSaved')).toEqual([
      {
        ruleId: 'import/no-restricted-paths',
        line: 1,
        message: expect.stringContaining(
          'Unexpected path "../saved/useSaved" imported in restricted zone. A feature never imports another feature: move what votes needs',
        ) as string,
      },
    ]);
    expect(problemsOf('componentToFeature')).toEqual([
      {
        ruleId: 'import/no-restricted-paths',
        line: 1,
        message:
          'Unexpected path "../features/votes/VoteButtons" imported in restricted zone. ' +
          'Shared code (web/src/components, web/src/lib) never imports a feature or the app.',
      },
    ]);
  });

  it("lets the app's routes compose features and shared components", () => {
    expect(problemsOf('routeComposesFeatures')).toEqual([]);
  });

  it('refuses an import from a feature into the app', () => {
    expect(problemsOf('featureToApp')).toEqual([
      {
        ruleId: 'import/no-restricted-paths',
        line: 1,
        message:
          'Unexpected path "../../app/App" imported in restricted zone. A feature never imports the app: ' +
          'web/src/app composes features, not the other way round.',
      },
    ]);
  });

  it('lets a feature import shared code and the contract', () => {
    expect(problemsOf('featureToLib')).toEqual([]);
  });

  it('lets web/ import the contract from functions/, and nothing else there', () => {
    expect(problemsOf('webToFunctions')).toEqual([
      {
        ruleId: 'import/no-restricted-paths',
        line: 1,
        message:
          'Unexpected path "../../../functions/domain/posts" imported in restricted zone. ' +
          'web/ imports nothing from functions/ but the contract (`@contract/<module>`).',
      },
    ]);
  });

  it('refuses an import from functions/ into web/ or infra/', () => {
    const message = 'functions/ is deployed on its own: it never imports infra/, web/ or test/.';
    expect(problemsOf('functionsToWebAndInfra')).toEqual([
      {
        ruleId: 'import/no-restricted-paths',
        line: 1,
        message: `Unexpected path "../../web/src/lib/earlyStart" imported in restricted zone. ${message}`,
      },
      {
        ruleId: 'import/no-restricted-paths',
        line: 1,
        message:
          'Unexpected path "../../web/src/lib/earlyStart" imported in restricted zone. Only the page function (functions/handlers/pages) renders web pages.',
      },
      {
        ruleId: 'import/no-restricted-paths',
        line: 2,
        message: `Unexpected path "../../infra/contentSecurityPolicy" imported in restricted zone. ${message}`,
      },
    ]);
  });
});

describe('lint: the local cloud is a fenced room', () => {
  const fence =
    'infra/local is the local cloud: only infra/local itself and test/ import it. Move what you need into functions/ or infra/.';

  it('refuses an import of the local cloud from the stack', () => {
    expect(problemsOf('stackToLocalCloud')).toEqual([
      { ruleId: 'import/no-restricted-paths', line: 1, message: `Unexpected path "../local/cloud" imported in restricted zone. ${fence}` },
    ]);
  });

  it('refuses an import of the local cloud from deployed code', () => {
    expect(problemsOf('functionsToLocalCloud')).toEqual([
      {
        ruleId: 'import/no-restricted-paths',
        line: 1,
        message: expect.stringMatching(
          /^Unexpected path "..\/..\/infra\/local\/aws\/cloudfront\/webServer" imported in restricted zone\./,
        ) as string,
      },
      {
        ruleId: 'import/no-restricted-paths',
        line: 1,
        message: `Unexpected path "../../infra/local/aws/cloudfront/webServer" imported in restricted zone. ${fence}`,
      },
    ]);
  });

  it('lets the local cloud import the store and the configuration, and refuses domain code', () => {
    expect(problemsOf('localCloudToDomain')).toEqual([
      {
        ruleId: 'import/no-restricted-paths',
        line: 3,
        message:
          'Unexpected path "../../../functions/domain/posts" imported in restricted zone. infra/local imports from functions/ only the contract, ' +
          "the configuration (config.ts), the store (store/) and Lambda's filter patterns (filterPatterns.ts): take a store adapter, not a domain port or a handler.",
      },
    ]);
  });
});

describe('lint: handlers take their stores from the wiring', () => {
  it('refuses a handler that imports a DynamoDB adapter, and lets it import the wiring', () => {
    expect(problemsOf('handlerToDynamoStore')).toEqual([
      {
        ruleId: 'import/no-restricted-paths',
        line: 1,
        message:
          'Unexpected path "../../store/dynamodb/postItems" imported in restricted zone. ' +
          'Handlers never import functions/store/dynamodb: take the store, or the stream decoder, from functions/wiring.ts.',
      },
    ]);
  });
});

describe('lint: names', () => {
  it('refuses a file name that is not camelCase', () => {
    expect(problemsOf('kebabCaseName')).toEqual([
      { ruleId: 'unicorn/filename-case', line: 1, message: expect.stringContaining('camel case') as string },
    ]);
  });
});

describe('lint: accessible JSX', () => {
  it('refuses a click on a plain element and an image without a text alternative', () => {
    expect(problemsOf('clickableDiv').map(({ ruleId, line }) => ({ ruleId, line }))).toEqual(
      expect.arrayContaining([
        { ruleId: 'jsx-a11y/click-events-have-key-events', line: 3 },
        { ruleId: 'jsx-a11y/no-static-element-interactions', line: 3 },
        { ruleId: 'jsx-a11y/alt-text', line: 4 },
      ]),
    );
  });
});

describe('lint: promises in the back end', () => {
  it('refuses a floating promise in functions/', () => {
    expect(problemsOf('floatingPromise')).toEqual([
      {
        ruleId: '@typescript-eslint/no-floating-promises',
        line: 6,
        message: expect.stringContaining('Promises must be awaited') as string,
      },
    ]);
  });
});
