/**
 * Every declared function (infra/functions.ts) as the stack deploys it: runtime, bundle, exactly the
 * environment its declaration derives, and exactly the IAM grants its declaration lists — checked
 * generically for every function, then spot checks of a few that matter most.
 * The stack as `npm run synth` builds it without Google sign-in, synthesized once for every file of
 * this folder that asks for it (sharedStack).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IConstruct } from 'constructs';
import { describe, expect, it } from 'vitest';
import { PAGE_SHELL_FILE } from '../../functions/config';
import { DeclaredFunction } from '../../infra/constructs/lambdaFunction';
import { environmentOf, FUNCTIONS, type EndpointName, type FunctionDeclaration, type TableName } from '../../infra/functions';
import { defaultVapidSecretName, PUSH_SERVICES } from '../../infra/pushServices';
import { logicalId, references, render, sharedStack } from './synth';

const s = sharedStack();
const { propsOf } = s;
const ref = (construct: IConstruct, attribute?: string) => `\${${logicalId(construct)}${attribute ? `.${attribute}` : ''}}`;
const declarations = FUNCTIONS as readonly FunctionDeclaration[];

/** The function construct the stack made for a declaration. */
function constructOf(id: string): DeclaredFunction {
  const found = s.stack.node.findAll().filter((c): c is DeclaredFunction => c instanceof DeclaredFunction && c.node.id === id);
  expect(found, id).toHaveLength(1);
  return found[0]!;
}

/** What an endpoint's variable holds in the template. */
function endpointValue(endpoint: EndpointName): string {
  const pool = logicalId(s.stack.auth.userPool);
  const values: Record<EndpointName, () => string> = {
    liveManagement: () => `https://${ref(s.stack.live.webSocketApi)}.execute-api.\${AWS::Region}.\${AWS::URLSuffix}/live`,
    userPool: () => `\${${pool}}`,
    moderatorsGroup: () => `\${${pool}}`,
    accountRecord: () => `\${${pool}}`,
    tokenIssuer: () => `https://cognito-idp.\${AWS::Region}.\${AWS::URLSuffix}/\${${pool}}`,
    tokenAudience: () => ref(s.stack.auth.client),
    pushKeys: () => defaultVapidSecretName('dev'),
    pushServices: () => PUSH_SERVICES.join(','),
    // No operator given at this synth: the region alone, the deployment's own.
    legalDetails: () => '{"region":"${AWS::Region}"}',
    siteDistribution: () => ref(s.stack.site.distribution),
  };
  return values[endpoint]();
}

type Grant = `${string} on ${string}`;

/** The grants a declaration asks for, as `action on resource` pairs. */
function declaredGrants(declaration: FunctionDeclaration): Grant[] {
  const grants: Grant[] = [];
  const on = (actions: readonly string[], resourcesOf: readonly string[]) => {
    for (const action of actions) for (const resource of resourcesOf) grants.push(`${action} on ${resource}`);
  };
  for (const [name, access] of Object.entries(declaration.tables) as [TableName, NonNullable<FunctionDeclaration['tables'][TableName]>][]) {
    const arn = ref(s.stack.data.tables[name], 'Arn');
    on(
      [...(access.scan ? ['Scan'] : []), ...(access.query ? ['Query'] : []), ...(access.items ?? [])].map((a) => `dynamodb:${a}`),
      [arn],
    );
    on(
      ['dynamodb:Query'],
      (access.queryIndexes ?? []).map((index) => `${arn}/index/${index}`),
    );
  }
  const pool = ref(s.stack.auth.userPool, 'Arn');
  const endpointGrants: Record<EndpointName, () => void> = {
    liveManagement: () =>
      on(
        ['execute-api:ManageConnections'],
        [`arn:\${AWS::Partition}:execute-api:\${AWS::Region}:\${AWS::AccountId}:${ref(s.stack.live.webSocketApi)}/live/*/@connections/*`],
      ),
    userPool: () => on(['cognito-idp:AdminDeleteUser'], [pool]),
    moderatorsGroup: () => on(['cognito-idp:ListUsersInGroup'], [pool]),
    accountRecord: () => on(['cognito-idp:AdminGetUser'], [pool]),
    pushKeys: () =>
      on(
        ['secretsmanager:GetSecretValue'],
        [`arn:\${AWS::Partition}:secretsmanager:\${AWS::Region}:\${AWS::AccountId}:secret:${defaultVapidSecretName('dev')}-??????`],
      ),
    tokenIssuer: () => undefined,
    tokenAudience: () => undefined,
    pushServices: () => undefined,
    legalDetails: () => undefined,
    siteDistribution: () =>
      on(
        ['cloudfront:CreateInvalidation'],
        [`arn:\${AWS::Partition}:cloudfront::\${AWS::AccountId}:distribution/${ref(s.stack.site.distribution)}`],
      ),
  };
  for (const endpoint of declaration.endpoints ?? []) endpointGrants[endpoint]();
  for (const id of declaration.invokes ?? []) on(['lambda:InvokeFunction'], [ref(constructOf(id).function, 'Arn')]);
  const { trigger } = declaration;
  // What fails for good goes to the failed-broadcasts queue (the on-failure destination).
  if (trigger.type === 'stream' || trigger.type === 'invoke')
    on(['sqs:SendMessage', 'sqs:GetQueueAttributes', 'sqs:GetQueueUrl'], [ref(s.stack.live.failedBroadcasts, 'Arn')]);
  if (trigger.type === 'stream') {
    on(['dynamodb:ListStreams'], ['*']);
    on(
      ['dynamodb:DescribeStream', 'dynamodb:GetRecords', 'dynamodb:GetShardIterator'],
      [ref(s.stack.data.tables[trigger.table], 'StreamArn')],
    );
  }
  return grants;
}

/** The grants the template gives a function's role, as `action on resource` pairs (every statement an Allow). */
function templateGrants(id: string): Grant[] {
  const construct = constructOf(id);
  const role = ref(construct.node.findChild('Role'));
  const policies = Object.values(s.resources).filter(
    (r) => r.Type === 'AWS::IAM::Policy' && (r.Properties.Roles as unknown[]).map(render).includes(role),
  );
  expect(policies, id).toHaveLength(1);
  const { Statement } = policies[0]!.Properties.PolicyDocument as {
    Statement: { Effect: string; Action: string | string[]; Resource: unknown }[];
  };
  return Statement.flatMap((statement) => {
    expect(statement.Effect, id).toBe('Allow');
    return [statement.Action]
      .flat()
      .flatMap((action) => [statement.Resource].flat().map((resource): Grant => `${action} on ${render(resource)}`));
  });
}

describe('every declared function', () => {
  it.each(declarations.map((declaration) => declaration.id))(
    '%s runs on Node.js 24 arm64, minified with source maps, with exactly its declared environment',
    (id) => {
      const declaration = declarations.find((d) => d.id === id)!;
      const construct = constructOf(id);
      const props = propsOf(logicalId(construct.function));
      expect(props.Runtime).toBe('nodejs24.x');
      expect(props.Architectures).toEqual(['arm64']);
      expect(props.Handler).toBe('index.handler');
      expect(props.MemorySize).toBe(declaration.memorySize ?? 256);
      expect(props.Timeout).toBe(declaration.timeoutSeconds ?? 10);
      const expected = environmentOf(declaration, {
        tableName: (table) => ref(s.stack.data.tables[table]),
        endpoint: endpointValue,
        functionName: (invoked) => ref(constructOf(invoked).function),
      });
      const variables = (props.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(Object.fromEntries(Object.entries(variables).map(([k, v]) => [k, render(v)]))).toEqual({
        ...expected,
        NODE_OPTIONS: '--enable-source-maps',
      });
      // The bundle: an ES module, minified, with its source map, built by the local esbuild (no Docker
      // on this machine), with the environment-only credential provider instead of the default chain.
      const asset = join(s.assembly.directory, `asset.${(props.Code as { S3Key: string }).S3Key.replace('.zip', '')}`);
      expect(existsSync(join(asset, 'index.mjs.map'))).toBe(true);
      const code = readFileSync(join(asset, 'index.mjs'), 'utf8');
      expect(code).toContain('//# sourceMappingURL=index.mjs.map');
      expect(code.length / code.split('\n').length).toBeGreaterThan(1000);
      expect(code).not.toContain('AWS_WEB_IDENTITY_TOKEN_FILE');
      expect(code).not.toContain('credential-provider-sso');
      // The files it reads beside itself (the page function's shell and API description, the cards' fonts).
      const beside = [...Object.keys(declaration.files ?? {}), ...(declaration.trigger.type === 'document' ? [PAGE_SHELL_FILE] : [])];
      for (const name of beside) expect(existsSync(join(asset, name)), name).toBe(true);
      // Its own log group, kept a month.
      const logGroup = (props.LoggingConfig as { LogGroup: unknown }).LogGroup;
      expect(propsOf([...references(logGroup)][0]!).RetentionInDays).toBe(30);
    },
  );

  it.each(declarations.map((declaration) => declaration.id))('%s is granted exactly what its declaration lists, and its own logs', (id) => {
    const declaration = declarations.find((d) => d.id === id)!;
    const logs = ref(constructOf(id).logGroup, 'Arn');
    const expected = [`logs:CreateLogStream on ${logs}`, `logs:PutLogEvents on ${logs}`, ...declaredGrants(declaration)];
    expect(templateGrants(id).sort()).toEqual(expected.sort());
  });

  it('uses no managed policy and no wildcard action in any function role', () => {
    for (const { id } of declarations) {
      const construct = constructOf(id);
      expect(propsOf(logicalId(construct.node.findChild('Role'))).ManagedPolicyArns).toBeUndefined();
      for (const grant of templateGrants(id)) expect(grant.split(' on ')[0], id).not.toMatch(/\*/);
    }
  });
});

describe('spot checks of the grants that matter most', () => {
  it('publishing writes the post, its fingerprint, the rate limit and the key record, and reads only the account row', () => {
    const arn = (table: TableName) => ref(s.stack.data.tables[table], 'Arn');
    expect(templateGrants('CreatePost')).toEqual(
      expect.arrayContaining([
        `dynamodb:PutItem on ${arn('posts')}`,
        `dynamodb:PutItem on ${arn('moderation')}`,
        `dynamodb:PutItem on ${arn('rateLimits')}`,
        `dynamodb:PutItem on ${arn('idempotency')}`,
        `dynamodb:GetItem on ${arn('names')}`,
      ]),
    );
    expect(templateGrants('CreatePost')).not.toContain(`dynamodb:UpdateItem on ${arn('names')}`);
  });

  it('the public reads write nothing', () => {
    for (const id of ['ListPosts', 'GetPost', 'ListComments', 'SearchPosts', 'Pages', 'ShareCards'])
      for (const grant of templateGrants(id)) expect(grant, id).toMatch(/^(dynamodb:(GetItem|BatchGetItem|Query)|logs:)/);
  });

  it('only the functions that delete accounts, export their data or ask who moderates reach Cognito, each with its one action', () => {
    const cognito = declarations.flatMap(({ id }) =>
      templateGrants(id)
        .filter((g) => g.startsWith('cognito-idp:'))
        .map((g) => `${id}: ${g}`),
    );
    const pool = ref(s.stack.auth.userPool, 'Arn');
    expect(cognito.sort()).toEqual([
      `CreateSuspension: cognito-idp:ListUsersInGroup on ${pool}`,
      `DeleteMe: cognito-idp:AdminDeleteUser on ${pool}`,
      `ExportMyData: cognito-idp:AdminGetUser on ${pool}`,
    ]);
  });

  it('only the functions that send live messages may manage connections', () => {
    const senders = declarations.filter(({ id }) => templateGrants(id).some((g) => g.startsWith('execute-api:ManageConnections')));
    expect(senders.map(({ id }) => id).sort()).toEqual(
      declarations
        .filter((d) => d.endpoints?.includes('liveManagement'))
        .map(({ id }) => id)
        .sort(),
    );
    expect(senders.length).toBeGreaterThan(2);
  });
});
