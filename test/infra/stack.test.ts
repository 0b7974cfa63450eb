/**
 * The stack as `npm run synth` builds it without Google sign-in: one synth for the whole file.
 */
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  COMMENTS_TABLE,
  CONNECTIONS_TABLE,
  ENV,
  MODERATION_TABLE,
  NAMES_TABLE,
  POSTS_TABLE,
  RATE_LIMITS_TABLE,
  TOP_TABLE,
  VOTES_TABLE,
  type TableDescription,
} from '../../functions/store/tables';
import { MODERATORS_GROUP } from '../../functions/contract/moderation';
import { PUBLIC_READ, PUBLIC_READ_SECONDS } from '../../functions/handlers/http/http';
import { METRIC, METRICS_NAMESPACE, SERVICE_NAME } from '../../functions/metrics';
import { THROTTLED_METRICS } from '../../infra/constructs/monitoring';
import { API_CACHE_MAX_TTL } from '../../infra/constructs/site';
import { DEFAULT_THROTTLE, FUNCTIONS, functionsTriggeredBy, throttleOf } from '../../infra/functions';
import { API_PATH_PREFIXES, FILE_PATH_PATTERNS } from '../../infra/documentRoutes';
import { logicalId, references, render, synthesize, type CfnResourceJson, type Synthesized } from './synth';

let s: Synthesized;
let template: Template;
let resources: Record<string, CfnResourceJson>;

beforeAll(() => {
  s = synthesize();
  template = s.template;
  resources = s.json.Resources;
}, 180_000);

const ofType = (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);
const propsOf = (id: string) => resources[id]!.Properties;

describe('checks', () => {
  it('leaves no cdk-nag AwsSolutions error or warning unacknowledged', () => {
    expect(s.nagFindings).toEqual([]);
  });

  it('has no dependency cycle between resources', () => {
    const edges = new Map<string, Set<string>>();
    for (const [id, resource] of Object.entries(resources)) {
      const to = references(resource.Properties);
      for (const dependency of resource.DependsOn ?? []) to.add(dependency);
      edges.set(id, new Set([...to].filter((target) => target in resources)));
    }
    const state = new Map<string, 'visiting' | 'done'>();
    const visit = (id: string, path: string[]): void => {
      if (state.get(id) === 'done') return;
      if (state.get(id) === 'visiting') throw new Error(`cycle: ${[...path, id].join(' -> ')}`);
      state.set(id, 'visiting');
      for (const next of edges.get(id)!) visit(next, [...path, id]);
      state.set(id, 'done');
    };
    for (const id of edges.keys()) visit(id, []);
  });

  it('synthesizes the same template twice (no lookups, no clock)', () => {
    expect(synthesize().json).toEqual(s.json);
  }, 180_000);
});

describe('data', () => {
  const cases: [string, () => string, TableDescription][] = [
    ['posts', () => logicalId(s.stack.data.posts), POSTS_TABLE],
    ['moderation', () => logicalId(s.stack.data.moderation), MODERATION_TABLE],
    ['comments', () => logicalId(s.stack.data.comments), COMMENTS_TABLE],
    ['rate-limits', () => logicalId(s.stack.data.rateLimits), RATE_LIMITS_TABLE],
    ['connections', () => logicalId(s.stack.data.connections), CONNECTIONS_TABLE],
    ['names', () => logicalId(s.stack.data.names), NAMES_TABLE],
    ['votes', () => logicalId(s.stack.data.votes), VOTES_TABLE],
    ['top', () => logicalId(s.stack.data.top), TOP_TABLE],
  ];

  it.each(cases)('builds the %s table from functions/store/tables.ts', (_name, id, description) => {
    const props = propsOf(id());
    expect(props.KeySchema).toEqual([
      { AttributeName: description.partitionKey.name, KeyType: 'HASH' },
      ...(description.sortKey ? [{ AttributeName: description.sortKey.name, KeyType: 'RANGE' }] : []),
    ]);
    expect(props.BillingMode).toBe('PAY_PER_REQUEST');
    expect(props.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
    expect(props.GlobalSecondaryIndexes ?? []).toEqual(
      description.indexes.map((index) => ({
        IndexName: index.indexName,
        KeySchema: [
          { AttributeName: index.partitionKey.name, KeyType: 'HASH' },
          ...(index.sortKey ? [{ AttributeName: index.sortKey.name, KeyType: 'RANGE' }] : []),
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    );
    expect(props.TimeToLiveSpecification).toEqual(
      description.ttlAttribute ? { AttributeName: description.ttlAttribute, Enabled: true } : undefined,
    );
    expect(props.StreamSpecification).toEqual(description.stream ? { StreamViewType: description.stream } : undefined);
  });

  it.each(cases)('keeps the %s table when the stack is deleted or the table replaced, and protects it from deletion', (_name, id) => {
    expect(resources[id()]).toMatchObject({ DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain' });
    expect(propsOf(id()).DeletionProtectionEnabled).toBe(true);
  });

  it('has no table the Data construct does not protect', () => {
    expect(
      ofType('AWS::DynamoDB::Table')
        .map(([id]) => id)
        .sort(),
    ).toEqual(cases.map(([, id]) => id()).sort());
  });
});

describe('auth', () => {
  it('keeps the user pool when the stack is deleted or the pool replaced, and protects it from deletion', () => {
    expect(resources[logicalId(s.stack.auth.userPool)]).toMatchObject({ DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain' });
    expect(propsOf(logicalId(s.stack.auth.userPool)).DeletionProtection).toBe('ACTIVE');
  });

  it('has the moderators’ group in the pool, under the name the API reads from the ID token', () => {
    template.resourceCountIs('AWS::Cognito::UserPoolGroup', 1);
    template.hasResourceProperties('AWS::Cognito::UserPoolGroup', {
      GroupName: MODERATORS_GROUP,
      UserPoolId: { Ref: logicalId(s.stack.auth.userPool) },
    });
  });

  it('lets users sign themselves up with a verified email and a sound password', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      VerificationMessageTemplate: Match.objectLike({ DefaultEmailOption: 'CONFIRM_WITH_CODE' }),
      Policies: {
        PasswordPolicy: {
          MinimumLength: 10,
          RequireLowercase: true,
          RequireUppercase: true,
          RequireNumbers: true,
          RequireSymbols: true,
          TemporaryPasswordValidityDays: 3,
        },
      },
      Schema: Match.arrayWith([
        { Name: 'email', Required: true, Mutable: true },
        { Name: 'name', Required: false, Mutable: true },
      ]),
    });
  });

  it('gives the web app a client without secret: SRP (no USER_PASSWORD_AUTH) and OAuth code flows, back to the site only', () => {
    const siteUrl = `https://\${${logicalId(s.stack.site.distribution)}.DomainName}/`;
    const props = propsOf(logicalId(s.stack.auth.client));
    expect(props.GenerateSecret).toBe(false);
    expect(props.ExplicitAuthFlows).toEqual(['ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']);
    expect(props.AllowedOAuthFlows).toEqual(['code']);
    expect(props.AllowedOAuthScopes).toEqual(['openid', 'email', 'profile']);
    expect((props.CallbackURLs as unknown[]).map(render)).toEqual([siteUrl]);
    expect((props.LogoutURLs as unknown[]).map(render)).toEqual([siteUrl]);
    expect(props.SupportedIdentityProviders).toEqual(['COGNITO']);
  });

  it('lets users write their email only: never their name or anything else', () => {
    expect(propsOf(logicalId(s.stack.auth.client)).WriteAttributes).toEqual(['email']);
  });

  it('has a Cognito domain and no Google provider without the Google context', () => {
    template.resourceCountIs('AWS::Cognito::UserPoolDomain', 1);
    expect(render(propsOf(logicalId(s.stack.auth.domain)).Domain)).toBe('vaya-dia-${AWS::AccountId}');
    template.resourceCountIs('AWS::Cognito::UserPoolIdentityProvider', 0);
  });
});

const PUBLIC_ROUTES = ['GET /posts', 'GET /posts/random', 'GET /posts/{id}', 'GET /posts/{id}/comments', 'GET /posts/top'];
const USER_ROUTES = [
  'POST /posts',
  'GET /me/posts',
  'DELETE /posts/{id}',
  'POST /posts/{id}/report',
  'GET /moderation/next',
  'PUT /moderation/{id}/vote',
  'PUT /moderation/{id}/decision',
  'GET /moderation/reported',
  'POST /posts/{id}/comments',
  'DELETE /comments/{id}',
  'POST /comments/{id}/report',
  'PUT /comments/{id}/decision',
  'GET /me',
  'PUT /me/name',
  'DELETE /me',
  'PUT /posts/{id}/vote',
  'DELETE /posts/{id}/vote',
  'GET /me/votes',
];

describe('api', () => {
  const routeKeys = () =>
    ofType('AWS::ApiGatewayV2::Route').filter(([, r]) => render(r.Properties.ApiId) === `\${${logicalId(s.stack.api.httpApi)}}`);

  it('serves exactly the routes of DESIGN.md §3', () => {
    expect(
      routeKeys()
        .map(([, r]) => r.Properties.RouteKey)
        .sort(),
    ).toEqual([...PUBLIC_ROUTES, ...USER_ROUTES].sort());
  });

  it('authorizer guards every route of signed-in users, and only those', () => {
    const guarded = routeKeys().filter(([, r]) => r.Properties.AuthorizationType === 'JWT');
    expect(guarded.map(([, r]) => r.Properties.RouteKey).sort()).toEqual([...USER_ROUTES].sort());
    for (const [, route] of routeKeys().filter(([, r]) => !USER_ROUTES.includes(r.Properties.RouteKey as string))) {
      expect(route.Properties.AuthorizationType ?? 'NONE').toBe('NONE');
    }
  });

  it('checks the Cognito ID token: the user pool as issuer, the web client as audience', () => {
    const [[, authorizer]] = ofType('AWS::ApiGatewayV2::Authorizer') as [[string, CfnResourceJson]];
    expect(authorizer.Properties.AuthorizerType).toBe('JWT');
    expect(authorizer.Properties.IdentitySource).toEqual(['$request.header.Authorization']);
    const jwt = authorizer.Properties.JwtConfiguration as { Audience: unknown[]; Issuer: unknown };
    expect(jwt.Audience.map(render)).toEqual([`\${${logicalId(s.stack.auth.client)}}`]);
    expect(render(jwt.Issuer)).toBe(`https://cognito-idp.\${AWS::Region}.amazonaws.com/\${${logicalId(s.stack.auth.userPool)}}`);
  });

  it('has no CORS and no custom resource to set it: the app calls the API under its own origin', () => {
    expect(propsOf(logicalId(s.stack.api.httpApi)).CorsConfiguration).toBeUndefined();
    expect(ofType('Custom::AWS')).toEqual([]);
  });

  it('throttles each route as its declaration says, writes tighter than reads, and writes JSON access logs', () => {
    const [[, stage]] = ofType('AWS::ApiGatewayV2::Stage').filter(([, r]) => r.Properties.StageName === '$default') as [
      [string, CfnResourceJson],
    ];
    expect(stage.Properties.AutoDeploy).toBe(true);
    const settings = stage.Properties.RouteSettings as Record<string, { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }>;
    const declared = functionsTriggeredBy('http').map(({ trigger }) => [`${trigger.method} ${trigger.path}`, throttleOf(trigger)] as const);
    expect(settings).toEqual(
      Object.fromEntries(declared.map(([key, t]) => [key, { ThrottlingRateLimit: t.rateLimit, ThrottlingBurstLimit: t.burstLimit }])),
    );
    expect(Object.keys(settings).sort()).toEqual(
      routeKeys()
        .map(([, r]) => r.Properties.RouteKey)
        .sort(),
    );
    const reads = declared.filter(([key]) => key.startsWith('GET '));
    const writes = declared.filter(([key]) => !key.startsWith('GET '));
    expect(writes.length).toBeGreaterThan(0);
    for (const [, write] of writes) for (const [, read] of reads) expect(write.rateLimit).toBeLessThan(read.rateLimit);
    expect(settings['POST /posts']).toEqual({ ThrottlingRateLimit: 5, ThrottlingBurstLimit: 10 });
    // A route with no settings of its own (none today) gets the tight default.
    expect(stage.Properties.DefaultRouteSettings).toEqual({
      ThrottlingBurstLimit: DEFAULT_THROTTLE.write.burstLimit,
      ThrottlingRateLimit: DEFAULT_THROTTLE.write.rateLimit,
    });
    // The stage may only name routes that exist: CloudFormation creates them first.
    for (const [id] of routeKeys()) expect(stage.DependsOn, id).toContain(id);
    const logs = stage.Properties.AccessLogSettings as { DestinationArn: unknown; Format: string };
    expect(JSON.parse(logs.Format)).toMatchObject({
      requestId: '$context.requestId',
      status: '$context.status',
      routeKey: '$context.routeKey',
    });
    expect(resources[[...references(logs.DestinationArn)][0]!]!.Type).toBe('AWS::Logs::LogGroup');
  });

  it('lets CloudFront share a public read for less time than its cache policy allows', () => {
    expect(PUBLIC_READ).toBe(`public, max-age=0, s-maxage=${PUBLIC_READ_SECONDS}`);
    expect(PUBLIC_READ_SECONDS).toBeLessThanOrEqual(API_CACHE_MAX_TTL.toSeconds());
  });
});

describe('live', () => {
  const wsStage = () => ofType('AWS::ApiGatewayV2::Stage').find(([, r]) => r.Properties.StageName === 'live')!;

  it('has a WebSocket API with $connect and $disconnect handlers and a throttled stage', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Api', {
      ProtocolType: 'WEBSOCKET',
      RouteSelectionExpression: '$request.body.action',
    });
    const wsRoutes = ofType('AWS::ApiGatewayV2::Route').filter(
      ([, r]) => render(r.Properties.ApiId) === `\${${logicalId(s.stack.live.webSocketApi)}}`,
    );
    expect(wsRoutes.map(([, r]) => r.Properties.RouteKey).sort()).toEqual(['$connect', '$disconnect']);
    const [, stage] = wsStage();
    expect(stage.Properties).toMatchObject({
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingBurstLimit: 100, ThrottlingRateLimit: 50 },
    });
    for (const [id] of wsRoutes) expect(stage.DependsOn, id).toContain(id);
  });

  it('limits the rate of new connections ($connect: 10 a second after a burst of 50)', () => {
    const [, stage] = wsStage();
    expect(stage.Properties.RouteSettings).toEqual({ $connect: { ThrottlingRateLimit: 10, ThrottlingBurstLimit: 50 } });
  });

  it('writes JSON access logs, through an account CloudWatch role of its own that outlives the stack', () => {
    const [, stage] = wsStage();
    const logs = stage.Properties.AccessLogSettings as { DestinationArn: unknown; Format: string };
    expect(JSON.parse(logs.Format)).toMatchObject({
      requestId: '$context.requestId',
      eventType: '$context.eventType',
      routeKey: '$context.routeKey',
      connectionId: '$context.connectionId',
      status: '$context.status',
    });
    expect(render(logs.DestinationArn)).toBe(`\${${logicalId(s.stack.live.accessLogs)}.Arn}`);
    const [[accountId, account]] = ofType('AWS::ApiGateway::Account') as [[string, CfnResourceJson]];
    expect(stage.DependsOn).toContain(accountId);
    const roleId = [...references(account.Properties.CloudWatchRoleArn)][0]!;
    expect(resources[roleId]).toMatchObject({ Type: 'AWS::IAM::Role', DeletionPolicy: 'Retain' });
    expect(account.DeletionPolicy).toBe('Retain');
    expect(propsOf(roleId).AssumeRolePolicyDocument).toMatchObject({ Statement: [{ Principal: { Service: 'apigateway.amazonaws.com' } }] });
    expect((propsOf(roleId).ManagedPolicyArns as unknown[]).map(render)).toEqual([
      'arn:${AWS::Partition}:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs',
    ]);
  });

  it('feeds the broadcast from the posts stream, only changes touching a published post, with retries, bisection and an on-failure queue', () => {
    const [[, mapping]] = ofType('AWS::Lambda::EventSourceMapping') as [[string, CfnResourceJson]];
    const p = mapping.Properties;
    expect(render(p.EventSourceArn)).toBe(`\${${logicalId(s.stack.data.posts)}.StreamArn}`);
    expect(render(p.FunctionName)).toBe(`\${${logicalId(s.stack.live.node.findChild('Broadcast').node.findChild('Function'))}}`);
    expect(p.FilterCriteria).toEqual({
      Filters: [
        { Pattern: '{"eventName":["INSERT","MODIFY"],"dynamodb":{"NewImage":{"status":{"S":["published"]}}}}' },
        { Pattern: '{"eventName":["MODIFY","REMOVE"],"dynamodb":{"OldImage":{"status":{"S":["published"]}}}}' },
      ],
    });
    expect(p.MaximumRetryAttempts).toBe(3);
    expect(p.BisectBatchOnFunctionError).toBe(true);
    expect(render((p.DestinationConfig as { OnFailure: { Destination: unknown } }).OnFailure.Destination)).toBe(
      `\${${logicalId(s.stack.live.failedBroadcasts)}.Arn}`,
    );
    expect(p.StartingPosition).toBe('LATEST');
  });

  it('invokes the parts of a large broadcast asynchronously: two retries, a minute at most, then the failed-broadcasts queue', () => {
    const [[, config]] = ofType('AWS::Lambda::EventInvokeConfig') as [[string, CfnResourceJson]];
    expect(render(config.Properties.FunctionName)).toBe(
      `\${${logicalId(s.stack.live.node.findChild('BroadcastPart').node.findChild('Function'))}}`,
    );
    expect(config.Properties).toMatchObject({ MaximumRetryAttempts: 2, MaximumEventAgeInSeconds: 60, Qualifier: '$LATEST' });
    expect(render((config.Properties.DestinationConfig as { OnFailure: { Destination: unknown } }).OnFailure.Destination)).toBe(
      `\${${logicalId(s.stack.live.failedBroadcasts)}.Arn}`,
    );
  });

  it('gives the CPU-bound broadcast 1 GB (a four times larger CPU share than the other functions)', () => {
    const broadcast = s.stack.live.node.findChild('Broadcast').node.findChild('Function');
    expect(propsOf(logicalId(broadcast)).MemorySize).toBe(1024);
  });
});

describe('functions', () => {
  const expected: Record<string, { entry: string; env: Record<string, string> }> = {
    'Api/ListPosts': { entry: 'listPosts', env: { [ENV.postsTable]: 'posts' } },
    'Api/GetRandomPost': { entry: 'getRandomPost', env: { [ENV.postsTable]: 'posts' } },
    'Api/GetPost': { entry: 'getPost', env: { [ENV.postsTable]: 'posts' } },
    'Api/CreatePost': {
      entry: 'createPost',
      env: { [ENV.postsTable]: 'posts', [ENV.rateLimitsTable]: 'rateLimits', [ENV.namesTable]: 'names' },
    },
    'Api/ListMyPosts': { entry: 'listMyPosts', env: { [ENV.postsTable]: 'posts', [ENV.namesTable]: 'names' } },
    'Api/DeletePost': { entry: 'deletePost', env: { [ENV.postsTable]: 'posts', [ENV.namesTable]: 'names' } },
    'Api/ReportPost': {
      entry: 'reportPost',
      env: { [ENV.postsTable]: 'posts', [ENV.moderationTable]: 'moderation', [ENV.namesTable]: 'names' },
    },
    'Api/NextForModeration': {
      entry: 'nextForModeration',
      env: { [ENV.postsTable]: 'posts', [ENV.moderationTable]: 'moderation', [ENV.namesTable]: 'names' },
    },
    'Api/VoteOnPost': {
      entry: 'voteOnPost',
      env: { [ENV.postsTable]: 'posts', [ENV.moderationTable]: 'moderation', [ENV.namesTable]: 'names' },
    },
    'Api/DecideOnPost': { entry: 'decideOnPost', env: { [ENV.postsTable]: 'posts', [ENV.namesTable]: 'names' } },
    'Api/ListReported': {
      entry: 'listReported',
      env: { [ENV.postsTable]: 'posts', [ENV.commentsTable]: 'comments', [ENV.namesTable]: 'names' },
    },
    'Api/ListComments': { entry: 'listComments', env: { [ENV.postsTable]: 'posts', [ENV.commentsTable]: 'comments' } },
    'Api/CreateComment': {
      entry: 'createComment',
      env: { [ENV.postsTable]: 'posts', [ENV.commentsTable]: 'comments', [ENV.rateLimitsTable]: 'rateLimits', [ENV.namesTable]: 'names' },
    },
    'Api/DeleteComment': {
      entry: 'deleteComment',
      env: { [ENV.postsTable]: 'posts', [ENV.commentsTable]: 'comments', [ENV.namesTable]: 'names' },
    },
    'Api/ReportComment': {
      entry: 'reportComment',
      env: { [ENV.postsTable]: 'posts', [ENV.commentsTable]: 'comments', [ENV.moderationTable]: 'moderation', [ENV.namesTable]: 'names' },
    },
    'Api/DecideOnComment': {
      entry: 'decideOnComment',
      env: { [ENV.postsTable]: 'posts', [ENV.commentsTable]: 'comments', [ENV.namesTable]: 'names' },
    },
    'Api/GetMe': { entry: 'getMe', env: { [ENV.namesTable]: 'names' } },
    'Api/SetMyName': { entry: 'setMyName', env: { [ENV.namesTable]: 'names', [ENV.postsTable]: 'posts', [ENV.commentsTable]: 'comments' } },
    'Api/DeleteMe': {
      entry: 'deleteMe',
      env: { [ENV.namesTable]: 'names', [ENV.postsTable]: 'posts', [ENV.commentsTable]: 'comments', [ENV.userPoolId]: 'userPool' },
    },
    'Live/Connect': { entry: 'connect', env: { [ENV.connectionsTable]: 'connections' } },
    'Live/Disconnect': { entry: 'disconnect', env: { [ENV.connectionsTable]: 'connections' } },
    'Live/Broadcast': {
      entry: 'broadcast',
      env: { [ENV.connectionsTable]: 'connections', [ENV.wsManagementEndpoint]: 'callback', [ENV.broadcastPartFunction]: 'BroadcastPart' },
    },
    'Live/BroadcastPart': {
      entry: 'broadcastPart',
      env: { [ENV.connectionsTable]: 'connections', [ENV.wsManagementEndpoint]: 'callback' },
    },
    'Pages/Pages': { entry: 'page', env: { [ENV.postsTable]: 'posts', [ENV.topTable]: 'top' } },
    'Live/CommentBroadcast': {
      entry: 'commentBroadcast',
      env: { [ENV.connectionsTable]: 'connections', [ENV.wsManagementEndpoint]: 'callback' },
    },
    'Api/CastVote': { entry: 'castVote', env: { [ENV.postsTable]: 'posts', [ENV.votesTable]: 'votes', [ENV.namesTable]: 'names' } },
    'Api/RemoveVote': { entry: 'removeVote', env: { [ENV.postsTable]: 'posts', [ENV.votesTable]: 'votes', [ENV.namesTable]: 'names' } },
    'Api/ListMyVotes': { entry: 'listMyVotes', env: { [ENV.votesTable]: 'votes', [ENV.namesTable]: 'names' } },
    'Api/ListTop': { entry: 'listTop', env: { [ENV.postsTable]: 'posts', [ENV.topTable]: 'top' } },
    'Live/Rankings': { entry: 'rankings', env: { [ENV.topTable]: 'top' } },
  };
  const fn = (path: string) => s.stack.node.findChild(path.split('/')[0]!).node.findChild(path.split('/')[1]!);

  it.each(Object.keys(expected))(
    '%s runs on Node.js 24 arm64, minified with source maps, its tables and endpoints in its environment',
    (path) => {
      const construct = fn(path);
      const props = propsOf(logicalId(construct.node.findChild('Function')));
      expect(props.Runtime).toBe('nodejs24.x');
      expect(props.Architectures).toEqual(['arm64']);
      expect(props.Handler).toBe('index.handler');
      const tables = {
        posts: s.stack.data.posts,
        moderation: s.stack.data.moderation,
        comments: s.stack.data.comments,
        rateLimits: s.stack.data.rateLimits,
        connections: s.stack.data.connections,
        names: s.stack.data.names,
        votes: s.stack.data.votes,
        top: s.stack.data.top,
        userPool: s.stack.auth.userPool,
      };
      const env = Object.fromEntries(
        Object.entries(expected[path]!.env).map(([name, what]) => [
          name,
          what === 'callback'
            ? `https://\${${logicalId(s.stack.live.webSocketApi)}}.execute-api.\${AWS::Region}.\${AWS::URLSuffix}/live`
            : what === 'BroadcastPart'
              ? `\${${logicalId(s.stack.live.node.findChild('BroadcastPart').node.findChild('Function'))}}`
              : `\${${logicalId(tables[what as keyof typeof tables])}}`,
        ]),
      );
      const variables = (props.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(Object.fromEntries(Object.entries(variables).map(([k, v]) => [k, render(v)]))).toEqual({
        ...env,
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
      // Its own log group, kept a month.
      const logGroup = (props.LoggingConfig as { LogGroup: unknown }).LogGroup;
      expect(propsOf([...references(logGroup)][0]!).RetentionInDays).toBe(30);
    },
  );

  it('grants each function only the actions it needs, on the resources it needs', () => {
    const posts = `\${${logicalId(s.stack.data.posts)}.Arn}`;
    const connections = `\${${logicalId(s.stack.data.connections)}.Arn}`;
    const rateLimits = `\${${logicalId(s.stack.data.rateLimits)}.Arn}`;
    const moderation = `\${${logicalId(s.stack.data.moderation)}.Arn}`;
    const comments = `\${${logicalId(s.stack.data.comments)}.Arn}`;
    const names = `\${${logicalId(s.stack.data.names)}.Arn}`;
    const votes = `\${${logicalId(s.stack.data.votes)}.Arn}`;
    const top = `\${${logicalId(s.stack.data.top)}.Arn}`;
    const want: Record<string, [string[], string[]][]> = {
      'Api/ListPosts': [[['dynamodb:Query'], [`${posts}/index/feed-index`, `${posts}/index/category-index`]]],
      'Api/GetRandomPost': [[['dynamodb:Query'], [`${posts}/index/random-index`]]],
      'Api/GetPost': [[['dynamodb:GetItem'], [posts]]],
      'Api/CreatePost': [
        [['dynamodb:PutItem'], [posts]],
        [['dynamodb:GetItem', 'dynamodb:PutItem'], [rateLimits]],
        [['dynamodb:GetItem'], [names]],
      ],
      'Api/ListMyPosts': [
        [['dynamodb:Query'], [`${posts}/index/author-index`]],
        [['dynamodb:GetItem'], [names]],
      ],
      'Api/DeletePost': [
        [['dynamodb:GetItem', 'dynamodb:UpdateItem'], [posts]],
        [['dynamodb:GetItem'], [names]],
      ],
      'Api/ReportPost': [
        [['dynamodb:GetItem', 'dynamodb:UpdateItem'], [posts]],
        [['dynamodb:PutItem'], [moderation]],
        [['dynamodb:GetItem'], [names]],
      ],
      'Api/NextForModeration': [
        [['dynamodb:Query'], [`${posts}/index/queue-index`]],
        [['dynamodb:BatchGetItem'], [moderation]],
        [['dynamodb:GetItem'], [names]],
      ],
      'Api/VoteOnPost': [
        [['dynamodb:GetItem', 'dynamodb:UpdateItem'], [posts]],
        [['dynamodb:PutItem'], [moderation]],
        [['dynamodb:GetItem'], [names]],
      ],
      'Api/DecideOnPost': [
        [['dynamodb:GetItem', 'dynamodb:UpdateItem'], [posts]],
        [['dynamodb:GetItem'], [names]],
      ],
      'Api/ListReported': [
        [['dynamodb:Query'], [`${posts}/index/queue-index`]],
        [['dynamodb:Query'], [`${comments}/index/queue-index`]],
        [['dynamodb:GetItem'], [names]],
      ],
      'Api/ListComments': [
        [['dynamodb:GetItem'], [posts]],
        [['dynamodb:Query'], [`${comments}/index/post-index`]],
      ],
      'Api/CreateComment': [
        [['dynamodb:GetItem', 'dynamodb:UpdateItem'], [posts]],
        [['dynamodb:PutItem'], [comments]],
        [['dynamodb:GetItem', 'dynamodb:PutItem'], [rateLimits]],
        [['dynamodb:GetItem'], [names]],
      ],
      'Api/DeleteComment': [
        [['dynamodb:UpdateItem'], [posts]],
        [['dynamodb:GetItem', 'dynamodb:UpdateItem'], [comments]],
        [['dynamodb:GetItem'], [names]],
      ],
      'Api/ReportComment': [
        [['dynamodb:UpdateItem'], [posts]],
        [['dynamodb:GetItem', 'dynamodb:UpdateItem'], [comments]],
        [['dynamodb:PutItem'], [moderation]],
        [['dynamodb:GetItem'], [names]],
      ],
      'Api/DecideOnComment': [
        [['dynamodb:UpdateItem'], [posts]],
        [['dynamodb:GetItem', 'dynamodb:UpdateItem'], [comments]],
        [['dynamodb:GetItem'], [names]],
      ],
      'Api/GetMe': [[['dynamodb:GetItem'], [names]]],
      'Api/SetMyName': [
        [['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:DeleteItem'], [names]],
        [['dynamodb:UpdateItem'], [posts]],
        [['dynamodb:Query'], [`${posts}/index/author-index`]],
        [['dynamodb:UpdateItem'], [comments]],
        [['dynamodb:Query'], [`${comments}/index/author-index`]],
      ],
      'Api/DeleteMe': [
        [['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:DeleteItem'], [names]],
        [['dynamodb:UpdateItem'], [posts]],
        [['dynamodb:Query'], [`${posts}/index/author-index`]],
        [['dynamodb:UpdateItem'], [comments]],
        [['dynamodb:Query'], [`${comments}/index/author-index`]],
        // The one Cognito action, on this pool only.
        [['cognito-idp:AdminDeleteUser'], [`\${${logicalId(s.stack.auth.userPool)}.Arn}`]],
      ],
      'Live/Connect': [[['dynamodb:PutItem'], [connections]]],
      'Live/Disconnect': [[['dynamodb:DeleteItem'], [connections]]],
      'Live/Broadcast': [
        [['dynamodb:Scan', 'dynamodb:DeleteItem'], [connections]],
        [
          ['execute-api:ManageConnections'],
          [
            `arn:\${AWS::Partition}:execute-api:\${AWS::Region}:\${AWS::AccountId}:\${${logicalId(s.stack.live.webSocketApi)}}/live/*/@connections/*`,
          ],
        ],
        // Its parts: the BroadcastPart function itself, not its versions.
        [['lambda:InvokeFunction'], [`\${${logicalId(s.stack.live.node.findChild('BroadcastPart').node.findChild('Function'))}.Arn}`]],
        [['sqs:SendMessage', 'sqs:GetQueueAttributes', 'sqs:GetQueueUrl'], [`\${${logicalId(s.stack.live.failedBroadcasts)}.Arn}`]],
        [['dynamodb:ListStreams'], ['*']],
        [
          ['dynamodb:DescribeStream', 'dynamodb:GetRecords', 'dynamodb:GetShardIterator'],
          [`\${${logicalId(s.stack.data.posts)}.StreamArn}`],
        ],
      ],
      'Live/CommentBroadcast': [
        [['dynamodb:DeleteItem'], [connections]],
        [['dynamodb:Query'], [`${connections}/index/watching-index`]],
        [
          ['execute-api:ManageConnections'],
          [
            `arn:\${AWS::Partition}:execute-api:\${AWS::Region}:\${AWS::AccountId}:\${${logicalId(s.stack.live.webSocketApi)}}/live/*/@connections/*`,
          ],
        ],
        [['sqs:SendMessage', 'sqs:GetQueueAttributes', 'sqs:GetQueueUrl'], [`\${${logicalId(s.stack.live.failedBroadcasts)}.Arn}`]],
        [['dynamodb:ListStreams'], ['*']],
        [
          ['dynamodb:DescribeStream', 'dynamodb:GetRecords', 'dynamodb:GetShardIterator'],
          [`\${${logicalId(s.stack.data.comments)}.StreamArn}`],
        ],
      ],
      'Api/CastVote': [
        [['dynamodb:GetItem', 'dynamodb:UpdateItem'], [posts]],
        [['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'], [votes]],
        [['dynamodb:GetItem'], [names]],
      ],
      'Api/RemoveVote': [
        [['dynamodb:GetItem', 'dynamodb:UpdateItem'], [posts]],
        [['dynamodb:GetItem', 'dynamodb:DeleteItem'], [votes]],
        [['dynamodb:GetItem'], [names]],
      ],
      'Api/ListMyVotes': [
        [['dynamodb:BatchGetItem'], [votes]],
        [['dynamodb:GetItem'], [names]],
      ],
      'Api/ListTop': [
        [['dynamodb:Query'], [`${top}/index/top-agree-index`, `${top}/index/top-deserved-index`]],
        [['dynamodb:BatchGetItem'], [posts]],
      ],
      'Live/Rankings': [
        [['dynamodb:BatchWriteItem'], [top]],
        [['sqs:SendMessage', 'sqs:GetQueueAttributes', 'sqs:GetQueueUrl'], [`\${${logicalId(s.stack.live.failedBroadcasts)}.Arn}`]],
        [['dynamodb:ListStreams'], ['*']],
        [
          ['dynamodb:DescribeStream', 'dynamodb:GetRecords', 'dynamodb:GetShardIterator'],
          [`\${${logicalId(s.stack.data.posts)}.StreamArn}`],
        ],
      ],
      'Live/BroadcastPart': [
        [['dynamodb:Scan', 'dynamodb:DeleteItem'], [connections]],
        [
          ['execute-api:ManageConnections'],
          [
            `arn:\${AWS::Partition}:execute-api:\${AWS::Region}:\${AWS::AccountId}:\${${logicalId(s.stack.live.webSocketApi)}}/live/*/@connections/*`,
          ],
        ],
        // Its on-failure destination: an invocation that failed every retry.
        [['sqs:SendMessage', 'sqs:GetQueueAttributes', 'sqs:GetQueueUrl'], [`\${${logicalId(s.stack.live.failedBroadcasts)}.Arn}`]],
      ],
      'Pages/Pages': [
        [['dynamodb:GetItem', 'dynamodb:BatchGetItem'], [posts]],
        [['dynamodb:Query'], [`${posts}/index/feed-index`, `${posts}/index/category-index`]],
        [['dynamodb:Query'], [`${top}/index/top-agree-index`, `${top}/index/top-deserved-index`]],
      ],
    };
    for (const [path, statements] of Object.entries(want)) {
      const construct = fn(path);
      const role = `\${${logicalId(construct.node.findChild('Role'))}}`;
      const logGroup = `\${${logicalId(construct.node.findChild('Logs'))}.Arn}`;
      const [[, policy]] = ofType('AWS::IAM::Policy').filter(([, r]) => (r.Properties.Roles as unknown[]).map(render).includes(role)) as [
        [string, CfnResourceJson],
      ];
      const actual = (
        policy.Properties.PolicyDocument as { Statement: { Effect: string; Action: string | string[]; Resource: unknown }[] }
      ).Statement.map((statement) => {
        expect(statement.Effect).toBe('Allow');
        return [[statement.Action].flat(), [statement.Resource].flat().map(render)];
      });
      expect(actual, path).toEqual([[['logs:CreateLogStream', 'logs:PutLogEvents'], [logGroup]], ...statements]);
    }
  });

  it('uses no wildcard action anywhere in the application roles', () => {
    for (const path of Object.keys(expected)) {
      const roleId = logicalId(fn(path).node.findChild('Role'));
      expect(propsOf(roleId).ManagedPolicyArns).toBeUndefined();
    }
  });
});

describe('site', () => {
  const bucketId = () => logicalId(s.stack.site.bucket);

  it('keeps the site bucket private, encrypted and SSL-only', () => {
    const props = propsOf(bucketId());
    expect(props.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    expect(props.BucketEncryption).toEqual({
      ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
    });
    const [[, policy]] = ofType('AWS::S3::BucketPolicy').filter(([, r]) => render(r.Properties.Bucket) === `\${${bucketId()}}`) as [
      [string, CfnResourceJson],
    ];
    const statements = (policy.Properties.PolicyDocument as { Statement: Record<string, unknown>[] }).Statement;
    expect(statements).toContainEqual(
      expect.objectContaining({
        Effect: 'Deny',
        Action: 's3:*',
        Condition: { Bool: { 'aws:SecureTransport': 'false' } },
        Principal: { AWS: '*' },
      }),
    );
    // Only CloudFront, for this distribution, may read it.
    expect(statements).toContainEqual(
      expect.objectContaining({
        Effect: 'Allow',
        Action: ['s3:GetObject', 's3:ListBucket'],
        Principal: { Service: 'cloudfront.amazonaws.com' },
        Condition: { StringEquals: { 'AWS:SourceArn': expect.anything() } },
      }),
    );
  });

  it('serves the bucket through CloudFront with Origin Access Control, HTTPS only', () => {
    // One for the bucket, one for the page function's URL.
    template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 2);
    const config = propsOf(logicalId(s.stack.site.distribution)).DistributionConfig as Record<string, unknown>;
    const origin = (config.Origins as Record<string, unknown>[]).find((o) => o.S3OriginConfig !== undefined);
    expect(origin).toMatchObject({ S3OriginConfig: { OriginAccessIdentity: '' } });
    expect(origin!.OriginAccessControlId).toBeDefined();
    expect(config.DefaultCacheBehavior).toMatchObject({ ViewerProtocolPolicy: 'redirect-to-https', Compress: true });
    expect(config.WebACLId).toBeUndefined(); // WAF is opt-in: -c waf=true (options.test.ts)
    expect(s.firewall).toBeUndefined();
  });

  it('serves every API path under the site origin (/posts*, /me*, /moderation*, /comments*): every method, every header but Host, HTTPS', () => {
    const config = propsOf(logicalId(s.stack.site.distribution)).DistributionConfig as {
      Origins: Record<string, unknown>[];
      CacheBehaviors: Record<string, unknown>[];
    };
    const behaviors = config.CacheBehaviors.filter((b) => !(FILE_PATH_PATTERNS as readonly unknown[]).includes(b.PathPattern));
    expect(behaviors.map((b) => b.PathPattern)).toEqual(API_PATH_PREFIXES.map((prefix) => `${prefix}*`)); // never the app's /post/:id
    expect(new Set(behaviors.map((b) => b.TargetOriginId)).size).toBe(1);
    for (const behavior of behaviors) {
      expect(behavior).toMatchObject({
        AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
        OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac', // Managed-AllViewerExceptHostHeader
        ViewerProtocolPolicy: 'redirect-to-https',
      });
      expect(behavior.FunctionAssociations).toBeUndefined();
    }
    const origin = config.Origins.find((o) => o.Id === behaviors[0]!.TargetOriginId)!;
    // The host of the API's endpoint, https://<id>.execute-api.<region>.amazonaws.com.
    expect(origin.DomainName).toEqual({
      'Fn::Select': [2, { 'Fn::Split': ['/', { 'Fn::GetAtt': [logicalId(s.stack.api.httpApi), 'ApiEndpoint'] }] }],
    });
    expect(origin).toMatchObject({ CustomOriginConfig: { OriginProtocolPolicy: 'https-only', OriginSSLProtocols: ['TLSv1.2'] } });
    expect(origin.OriginPath).toBeUndefined(); // the $default stage is the API's root
  });

  it("sends every document to the page function's URL (the default behaviour), signed by Origin Access Control, GET and HEAD only, cached as it says; the build's files to the bucket", () => {
    const config = propsOf(logicalId(s.stack.site.distribution)).DistributionConfig as {
      Origins: Record<string, unknown>[];
      CacheBehaviors: Record<string, unknown>[];
      DefaultCacheBehavior: Record<string, unknown>;
      DefaultRootObject?: string;
    };
    const behavior = config.DefaultCacheBehavior;
    expect(config.DefaultRootObject).toBeUndefined(); // `/` is the page function's home page
    const pageFunction = logicalId(s.stack.pages.node.findChild('Pages').node.findChild('Function'));
    const [[urlId, url]] = ofType('AWS::Lambda::Url') as [[string, CfnResourceJson]];
    expect(url.Properties).toMatchObject({ AuthType: 'AWS_IAM', TargetFunctionArn: { 'Fn::GetAtt': [pageFunction, 'Arn'] } });
    expect(behavior).toMatchObject({ AllowedMethods: ['GET', 'HEAD'], ViewerProtocolPolicy: 'redirect-to-https' });
    const origin = config.Origins.find((o) => o.Id === behavior.TargetOriginId)!;
    // The host of the function URL, https://<id>.lambda-url.<region>.on.aws/.
    expect(JSON.stringify(origin.DomainName)).toContain(urlId);
    expect(origin.OriginAccessControlId).toBeDefined();
    const cachePolicy = propsOf((behavior.CachePolicyId as { Ref: string }).Ref).CachePolicyConfig as Record<string, unknown>;
    expect(cachePolicy).toMatchObject({
      MinTTL: 0,
      DefaultTTL: 0,
      MaxTTL: 300,
      ParametersInCacheKeyAndForwardedToOrigin: {
        HeadersConfig: { HeaderBehavior: 'whitelist', Headers: ['x-forwarded-host'] },
        // The Top's tabs are in the query string.
        QueryStringsConfig: { QueryStringBehavior: 'all' },
      },
    });
    const [association] = (behavior.FunctionAssociations as { EventType: string; FunctionARN: unknown }[]) ?? [];
    expect(association?.EventType).toBe('viewer-request');
    // Only CloudFront may call the URL: the distribution is allowed to, by its ARN.
    const permission = ofType('AWS::Lambda::Permission').find(([, r]) => r.Properties.Action === 'lambda:InvokeFunctionUrl');
    expect(permission?.[1].Properties).toMatchObject({ Principal: 'cloudfront.amazonaws.com' });
    // The build's files come from the bucket.
    const files = config.CacheBehaviors.filter((b) => (FILE_PATH_PATTERNS as readonly unknown[]).includes(b.PathPattern));
    expect(files.map((b) => b.PathPattern)).toEqual([...FILE_PATH_PATTERNS]);
    for (const file of files) expect(config.Origins.find((o) => o.Id === file.TargetOriginId)!.S3OriginConfig).toBeDefined();
  });

  it('keeps public /posts* reads a few seconds, as their s-maxage says, keyed by query string and Authorization; never the other API paths', () => {
    const config = propsOf(logicalId(s.stack.site.distribution)).DistributionConfig as { CacheBehaviors: Record<string, unknown>[] };
    const byPattern = Object.fromEntries(config.CacheBehaviors.map((b) => [b.PathPattern as string, b]));
    for (const pattern of ['/me*', '/moderation*', '/comments*']) {
      expect(byPattern[pattern]!.CachePolicyId, pattern).toBe('4135ea2d-6df8-44a3-9df3-4b5a84be39ad'); // Managed-CachingDisabled
    }
    const policyId = (byPattern['/posts*']!.CachePolicyId as { Ref: string }).Ref;
    expect(resources[policyId]!.Type).toBe('AWS::CloudFront::CachePolicy');
    expect(propsOf(policyId).CachePolicyConfig).toMatchObject({
      // Nothing is kept unless the answer says so (public, s-maxage); never longer than 10 s.
      MinTTL: 0,
      DefaultTTL: 0,
      MaxTTL: 10,
      ParametersInCacheKeyAndForwardedToOrigin: {
        // A signed-in call never shares an entry with an anonymous one or another user's.
        HeadersConfig: { HeaderBehavior: 'whitelist', Headers: ['Authorization'] },
        QueryStringsConfig: { QueryStringBehavior: 'all' },
        CookiesConfig: { CookieBehavior: 'none' },
      },
    });
    expect(API_CACHE_MAX_TTL.toSeconds()).toBe(10);
  });

  it('routes documents explicitly: no error responses, which CloudFront applies to every behaviour (the API would answer HTML)', () => {
    const config = propsOf(logicalId(s.stack.site.distribution)).DistributionConfig as Record<string, unknown>;
    expect(config.CustomErrorResponses).toBeUndefined();
  });

  it('lets CloudFront list the bucket, so that a missing file is a 404 and not a 403', () => {
    const [[, policy]] = ofType('AWS::S3::BucketPolicy').filter(([, r]) => render(r.Properties.Bucket) === `\${${bucketId()}}`) as [
      [string, CfnResourceJson],
    ];
    const statements = (policy.Properties.PolicyDocument as { Statement: Record<string, unknown>[] }).Statement;
    expect(statements).toContainEqual(
      expect.objectContaining({
        Effect: 'Allow',
        Action: ['s3:GetObject', 's3:ListBucket'],
        Principal: { Service: 'cloudfront.amazonaws.com' },
        Resource: [{ 'Fn::Join': ['', [{ 'Fn::GetAtt': [bucketId(), 'Arn'] }, '/*']] }, { 'Fn::GetAtt': [bucketId(), 'Arn'] }],
      }),
    );
  });

  it('sends HSTS and a Content-Security-Policy allowing exactly the site (and the API under it), the WebSocket and Cognito', () => {
    const [[, policy]] = ofType('AWS::CloudFront::ResponseHeadersPolicy') as [[string, CfnResourceJson]];
    const headers = (policy.Properties.ResponseHeadersPolicyConfig as { SecurityHeadersConfig: Record<string, Record<string, unknown>> })
      .SecurityHeadersConfig;
    expect(headers.StrictTransportSecurity).toEqual({ AccessControlMaxAgeSec: 63072000, IncludeSubdomains: true, Override: true });
    expect(render(headers.ContentSecurityPolicy!.ContentSecurityPolicy)).toBe(
      [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "font-src 'self'",
        // The API is served under the site's origin ('self'), so its own endpoint is not listed.
        `connect-src 'self' \${${logicalId(s.stack.live.webSocketApi)}.ApiEndpoint} https://cognito-idp.\${AWS::Region}.\${AWS::URLSuffix}`,
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ].join('; '),
    );
    const config = propsOf(logicalId(s.stack.site.distribution)).DistributionConfig as {
      DefaultCacheBehavior: Record<string, unknown>;
      CacheBehaviors: Record<string, unknown>[];
    };
    for (const behavior of [config.DefaultCacheBehavior, ...config.CacheBehaviors]) {
      expect(behavior.ResponseHeadersPolicyId).toEqual({
        Ref: logicalId(s.stack.node.findChild('Site').node.findChild('SecurityHeaders')),
      });
    }
  });

  it('deploys the build and a config.json of stack values, hashed assets cached for a year, the rest never stale', () => {
    const deployments = ofType('Custom::CDKBucketDeployment').map(([id, r]) => [id, r.Properties] as const);
    const assets = deployments.find(([, p]) => (p.Include as string[] | undefined)?.includes('assets/*'))!;
    const shell = deployments.find(([, p]) => (p.Exclude as string[]).includes('assets/*') && !p.Include)!;
    expect(assets[1]).toMatchObject({
      Exclude: ['*'],
      Include: ['assets/*'],
      Prune: false,
      SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' },
    });
    expect(shell[1]).toMatchObject({ Prune: true, SystemMetadata: { 'cache-control': 'no-cache' }, DistributionPaths: ['/*'] });
    expect(render(shell[1].DistributionId)).toBe(`\${${logicalId(s.stack.site.distribution)}}`);
    expect(resources[shell[0]]!.DependsOn).toContain(assets[0]);
    // config.json travels in the same deployment as the build, its values filled in at deploy time.
    const keys = shell[1].SourceObjectKeys as string[];
    const configAsset = keys
      .map((key) => join(s.assembly.directory, `asset.${key.replace('.zip', '')}`))
      .find((dir) => existsSync(join(dir, 'config.json')))!;
    const markers = (shell[1].SourceMarkers as Record<string, unknown>[])[keys.indexOf(`${configAsset.split('asset.')[1]}.zip`)]!;
    const text = readFileSync(join(configAsset, 'config.json'), 'utf8').replace(/<<marker:0xbaba:\d+>>/g, (marker) =>
      render(markers[marker]),
    );
    expect(JSON.parse(text)).toEqual({
      region: '${AWS::Region}',
      userPoolId: `\${${logicalId(s.stack.auth.userPool)}}`,
      userPoolClientId: `\${${logicalId(s.stack.auth.client)}}`,
      apiUrl: `https://\${${logicalId(s.stack.site.distribution)}.DomainName}`,
      wsUrl: `wss://\${${logicalId(s.stack.live.webSocketApi)}}.execute-api.\${AWS::Region}.\${AWS::URLSuffix}/live`,
      authFlowType: 'USER_SRP_AUTH',
    });
    // index.html is the page function's (in its bundle), not the bucket's.
    expect(shell[1].Exclude).toEqual(['assets/*', 'index.html']);
  });
});

describe('monitoring', () => {
  const topicRef = () => ({ Ref: logicalId(s.stack.monitoring.topic) });
  const alarms = () => ofType('AWS::CloudWatch::Alarm').map(([id, r]) => [id, r.Properties] as const);
  const alarmOn = (predicate: (props: Record<string, unknown>) => boolean) => alarms().filter(([, p]) => predicate(p));
  const metricsOf = (props: Record<string, unknown>) =>
    props.MetricName
      ? [{ Namespace: props.Namespace, MetricName: props.MetricName, Dimensions: props.Dimensions }]
      : (props.Metrics as { MetricStat?: { Metric: Record<string, unknown> } }[]).flatMap((m) =>
          m.MetricStat ? [m.MetricStat.Metric] : [],
        );
  const dimensionRef = (metric: Record<string, unknown>) => render((metric.Dimensions as { Value: unknown }[])[0]!.Value);

  it('sends every alarm, and its recovery, to one SSL-only topic CloudWatch may publish to; no subscription without -c alarmEmail', () => {
    expect(alarms().length).toBeGreaterThan(0);
    for (const [id, props] of alarms()) {
      expect(props.AlarmActions, id).toEqual([topicRef()]);
      expect(props.OKActions, id).toEqual([topicRef()]);
      expect(props.TreatMissingData, id).toBe('notBreaching');
      expect(props.AlarmDescription, id).toEqual(expect.any(String));
    }
    template.resourceCountIs('AWS::SNS::Subscription', 0);
    const [[, policy]] = ofType('AWS::SNS::TopicPolicy') as [[string, CfnResourceJson]];
    const statements = (policy.Properties.PolicyDocument as { Statement: Record<string, unknown>[] }).Statement;
    expect(statements).toContainEqual(expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }));
    expect(statements).toContainEqual(
      expect.objectContaining({ Effect: 'Allow', Action: 'sns:Publish', Principal: { Service: 'cloudwatch.amazonaws.com' } }),
    );
  });

  it('names each alarm after the stack and what it watches', () => {
    const names = alarms()
      .map(([, props]) => props.AlarmName as string)
      .sort();
    expect(names).toEqual(
      [
        'VayaDia-ApiServerErrors',
        'VayaDia-ApiThrottling',
        ...functionsTriggeredBy('stream').map((fn) => `VayaDia-${fn.id}IteratorAge`),
        'VayaDia-FailedBroadcasts',
        ...FUNCTIONS.map((fn) => `VayaDia-${fn.id}ErrorsOrThrottles`),
      ].sort(),
    );
  });

  it('alarms on any API 5xx', () => {
    const [[, props]] = alarmOn((p) => p.MetricName === '5xx') as [[string, Record<string, unknown>]];
    expect(props).toMatchObject({
      Namespace: 'AWS/ApiGateway',
      Statistic: 'Sum',
      Period: 300,
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    });
    expect(dimensionRef(metricsOf(props)[0]!)).toBe(`\${${logicalId(s.stack.api.httpApi)}}`);
  });

  it('alarms on the errors or throttles of every function', () => {
    const functionIds = ofType('AWS::Lambda::Function')
      .filter(([id]) => id.startsWith('Api') || id.startsWith('Live') || id.startsWith('Pages'))
      .map(([id]) => `\${${id}}`);
    expect(functionIds).toHaveLength(FUNCTIONS.length);
    const watched = alarmOn(
      (p) =>
        Array.isArray(p.Metrics) &&
        (p.Metrics as { Expression?: string }[]).some((m) => m.Expression === 'FILL(errors, 0) + FILL(throttles, 0)'),
    );
    expect(watched).toHaveLength(FUNCTIONS.length);
    for (const [id, props] of watched) {
      const metrics = metricsOf(props);
      expect(metrics.map((m) => m.MetricName).sort(), id).toEqual(['Errors', 'Throttles']);
      expect(new Set(metrics.map(dimensionRef)).size, id).toBe(1);
      expect(props).toMatchObject({ Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold' });
    }
    expect(watched.map(([, props]) => dimensionRef(metricsOf(props)[0]!)).sort()).toEqual(functionIds.sort());
  });

  it('alarms when the broadcast is over a minute behind its stream for five minutes', () => {
    const [[, props]] = alarmOn((p) => metricsOf(p).some((m) => m.MetricName === 'IteratorAge')) as [[string, Record<string, unknown>]];
    expect(dimensionRef(metricsOf(props)[0]!)).toBe(
      `\${${logicalId(s.stack.live.node.findChild('Broadcast').node.findChild('Function'))}}`,
    );
    expect(props).toMatchObject({ Threshold: 60_000, EvaluationPeriods: 5, ComparisonOperator: 'GreaterThanThreshold' });
    expect((props.Metrics as { MetricStat: { Stat: string; Period: number } }[])[0]!.MetricStat).toMatchObject({
      Stat: 'Maximum',
      Period: 60,
    });
  });

  it('alarms as soon as a failed broadcast waits in its queue', () => {
    const [[, props]] = alarmOn((p) => p.MetricName === 'ApproximateNumberOfMessagesVisible') as [[string, Record<string, unknown>]];
    expect(props).toMatchObject({ Namespace: 'AWS/SQS', Statistic: 'Maximum', Threshold: 0, ComparisonOperator: 'GreaterThanThreshold' });
    expect(dimensionRef(metricsOf(props)[0]!)).toBe(`\${${logicalId(s.stack.live.failedBroadcasts)}.QueueName}`);
  });

  it('counts the requests the throttles refused (429) from both access logs, and alarms on a flood of them', () => {
    const filters = ofType('AWS::Logs::MetricFilter').map(([, r]) => r.Properties);
    expect(filters.map((f) => [render(f.LogGroupName), f.FilterPattern, f.MetricTransformations])).toEqual([
      [
        `\${${logicalId(s.stack.api.accessLogs)}}`,
        '{ $.status = "429" }',
        [{ MetricName: THROTTLED_METRICS.api, MetricNamespace: METRICS_NAMESPACE, MetricValue: '1' }],
      ],
      [
        `\${${logicalId(s.stack.live.accessLogs)}}`,
        '{ $.status = "429" }',
        [{ MetricName: THROTTLED_METRICS.live, MetricNamespace: METRICS_NAMESPACE, MetricValue: '1' }],
      ],
    ]);
    const [[, props]] = alarmOn((p) => p.MetricName === THROTTLED_METRICS.api) as [[string, Record<string, unknown>]];
    expect(props).toMatchObject({ Namespace: METRICS_NAMESPACE, Statistic: 'Sum', Period: 300, Threshold: 100 });
  });

  it('has a monthly cost budget of 20 USD by default, with no alert recipients without -c alarmEmail', () => {
    const [[, budget]] = ofType('AWS::Budgets::Budget') as [[string, CfnResourceJson]];
    expect(budget.Properties).toEqual({ Budget: { BudgetType: 'COST', TimeUnit: 'MONTHLY', BudgetLimit: { Amount: 20, Unit: 'USD' } } });
  });

  it('has one dashboard: requests, errors, latency, throttles, iterator age, broadcasts and the site’s own counts', () => {
    const [[, dashboard]] = ofType('AWS::CloudWatch::Dashboard') as [[string, CfnResourceJson]];
    expect(dashboard.Properties.DashboardName).toBe('VayaDia');
    const body = JSON.stringify(dashboard.Properties.DashboardBody);
    for (const title of [
      'API requests',
      'API errors',
      'API latency',
      'Refused by the throttles',
      'Function errors',
      'Function throttles',
      'Stream iterator age',
      'Live: connections and broadcasts',
      'CloudFront',
    ]) {
      expect(body, title).toContain(title);
    }
    for (const name of [
      ...Object.values(METRIC),
      ...Object.values(THROTTLED_METRICS),
      'IteratorAge',
      'ConnectCount',
      '5xx',
      'Latency',
      'ApproximateNumberOfMessagesVisible',
    ]) {
      expect(body, name).toContain(`\\"${name}\\"`);
    }
    // The site's own metrics with exactly the dimension Powertools gives them.
    expect(body).toContain(`\\"${METRICS_NAMESPACE}\\",\\"${METRIC.postsPublished}\\",\\"service\\",\\"${SERVICE_NAME}\\"`);
  });
});

describe('outputs', () => {
  it('outputs the site, API and WebSocket URLs and the user pool ids', () => {
    const outputs = Object.fromEntries(Object.entries(s.json.Outputs).map(([k, v]) => [k, render(v.Value)]));
    expect(outputs).toMatchObject({
      SiteUrl: `https://\${${logicalId(s.stack.site.distribution)}.DomainName}/`,
      ApiUrl: `https://\${${logicalId(s.stack.api.httpApi)}}.execute-api.\${AWS::Region}.\${AWS::URLSuffix}/`,
      WsUrl: `wss://\${${logicalId(s.stack.live.webSocketApi)}}.execute-api.\${AWS::Region}.\${AWS::URLSuffix}/live`,
      UserPoolId: `\${${logicalId(s.stack.auth.userPool)}}`,
      UserPoolClientId: `\${${logicalId(s.stack.auth.client)}}`,
      AlarmTopicArn: `\${${logicalId(s.stack.monitoring.topic)}}`,
      DashboardUrl: 'https://console.aws.amazon.com/cloudwatch/home?region=${AWS::Region}#dashboards:name=VayaDia',
    });
  });
});
