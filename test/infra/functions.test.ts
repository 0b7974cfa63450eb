/**
 * Every function: runtime, bundle, environment, and the IAM grants of its role.
 * The stack as `npm run synth` builds it without Google sign-in, synthesized once for every file of
 * this folder that asks for it (sharedSynthesis).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { PAGE_SHELL_FILE } from '../../functions/config';
import { ENV } from '../../functions/store/tables';
import { FUNCTIONS } from '../../infra/functions';
import { DEFAULT_VAPID_SECRET_NAME, PUSH_SERVICES } from '../../infra/pushServices';
import { logicalId, references, render, sharedSynthesis, type CfnResourceJson, type Synthesized } from './synth';

let s: Synthesized;
let resources: Record<string, CfnResourceJson>;

beforeAll(() => {
  s = sharedSynthesis();
  resources = s.json.Resources;
}, 300_000);

const ofType = (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);
const propsOf = (id: string) => resources[id]!.Properties;

describe('functions', () => {
  const expected: Record<string, { entry: string; env: Record<string, string> }> = {
    'Api/ListPosts': { entry: 'listPosts', env: { [ENV.postsTable]: 'posts' } },
    'Api/GetRandomPost': { entry: 'getRandomPost', env: { [ENV.postsTable]: 'posts' } },
    'Api/GetPost': { entry: 'getPost', env: { [ENV.postsTable]: 'posts' } },
    'Api/CreatePost': {
      entry: 'createPost',
      env: {
        [ENV.postsTable]: 'posts',
        [ENV.moderationTable]: 'moderation',
        [ENV.rateLimitsTable]: 'rateLimits',
        [ENV.namesTable]: 'names',
        [ENV.idempotencyTable]: 'idempotency',
      },
    },
    'Api/ListMyPosts': { entry: 'listMyPosts', env: { [ENV.postsTable]: 'posts', [ENV.namesTable]: 'names' } },
    'Api/DeletePost': {
      entry: 'deletePost',
      env: { [ENV.postsTable]: 'posts', [ENV.moderationTable]: 'moderation', [ENV.namesTable]: 'names' },
    },
    'Api/ResendPost': {
      entry: 'resendPost',
      env: { [ENV.postsTable]: 'posts', [ENV.moderationTable]: 'moderation', [ENV.namesTable]: 'names' },
    },
    'Api/ReportPost': {
      entry: 'reportPost',
      env: {
        [ENV.postsTable]: 'posts',
        [ENV.moderationTable]: 'moderation',
        [ENV.namesTable]: 'names',
        [ENV.idempotencyTable]: 'idempotency',
      },
    },
    'Api/NextForModeration': {
      entry: 'nextForModeration',
      env: { [ENV.postsTable]: 'posts', [ENV.moderationTable]: 'moderation', [ENV.namesTable]: 'names' },
    },
    'Api/VoteOnPost': {
      entry: 'voteOnPost',
      env: { [ENV.postsTable]: 'posts', [ENV.moderationTable]: 'moderation', [ENV.namesTable]: 'names' },
    },
    'Api/SkipForModeration': {
      entry: 'skipForModeration',
      env: { [ENV.postsTable]: 'posts', [ENV.moderationTable]: 'moderation', [ENV.namesTable]: 'names' },
    },
    'Api/ListPending': { entry: 'listPending', env: { [ENV.postsTable]: 'posts', [ENV.namesTable]: 'names' } },
    'Api/ModerationToday': { entry: 'moderationToday', env: { [ENV.moderationTable]: 'moderation', [ENV.namesTable]: 'names' } },
    'Api/DecideOnPost': {
      entry: 'decideOnPost',
      env: { [ENV.postsTable]: 'posts', [ENV.moderationTable]: 'moderation', [ENV.namesTable]: 'names' },
    },
    'Api/CreateSuspension': {
      entry: 'createSuspension',
      env: {
        [ENV.postsTable]: 'posts',
        [ENV.commentsTable]: 'comments',
        [ENV.moderationTable]: 'moderation',
        [ENV.namesTable]: 'names',
        [ENV.userPoolId]: 'userPool',
      },
    },
    'Api/ListSuspensions': { entry: 'listSuspensions', env: { [ENV.moderationTable]: 'moderation', [ENV.namesTable]: 'names' } },
    'Api/LiftSuspension': { entry: 'liftSuspension', env: { [ENV.moderationTable]: 'moderation', [ENV.namesTable]: 'names' } },
    'Api/ReadModerationLog': { entry: 'readModerationLog', env: { [ENV.moderationTable]: 'moderation', [ENV.namesTable]: 'names' } },
    'Api/ListReported': {
      entry: 'listReported',
      env: { [ENV.postsTable]: 'posts', [ENV.commentsTable]: 'comments', [ENV.namesTable]: 'names' },
    },
    'Api/ListComments': { entry: 'listComments', env: { [ENV.postsTable]: 'posts', [ENV.commentsTable]: 'comments' } },
    'Api/CreateComment': {
      entry: 'createComment',
      env: {
        [ENV.postsTable]: 'posts',
        [ENV.commentsTable]: 'comments',
        [ENV.rateLimitsTable]: 'rateLimits',
        [ENV.namesTable]: 'names',
        [ENV.idempotencyTable]: 'idempotency',
      },
    },
    'Api/DeleteComment': {
      entry: 'deleteComment',
      env: { [ENV.postsTable]: 'posts', [ENV.commentsTable]: 'comments', [ENV.moderationTable]: 'moderation', [ENV.namesTable]: 'names' },
    },
    'Api/ReportComment': {
      entry: 'reportComment',
      env: {
        [ENV.postsTable]: 'posts',
        [ENV.commentsTable]: 'comments',
        [ENV.moderationTable]: 'moderation',
        [ENV.namesTable]: 'names',
        [ENV.idempotencyTable]: 'idempotency',
      },
    },
    'Api/DecideOnComment': {
      entry: 'decideOnComment',
      env: { [ENV.postsTable]: 'posts', [ENV.commentsTable]: 'comments', [ENV.moderationTable]: 'moderation', [ENV.namesTable]: 'names' },
    },
    'Api/SetMyName': { entry: 'setMyName', env: { [ENV.namesTable]: 'names', [ENV.postsTable]: 'posts', [ENV.commentsTable]: 'comments' } },
    'Api/DeleteMe': {
      entry: 'deleteMe',
      env: {
        [ENV.namesTable]: 'names',
        [ENV.postsTable]: 'posts',
        [ENV.commentsTable]: 'comments',
        [ENV.pushSubscriptionsTable]: 'pushSubscriptions',
        [ENV.userPoolId]: 'userPool',
      },
    },
    'Live/Connect': {
      entry: 'connect',
      env: { [ENV.connectionsTable]: 'connections', [ENV.namesTable]: 'names', [ENV.tokenIssuer]: 'issuer', [ENV.tokenAudience]: 'client' },
    },
    'Api/GetMe': {
      entry: 'getMe',
      env: { [ENV.namesTable]: 'names', [ENV.notificationsTable]: 'notifications', [ENV.moderationTable]: 'moderation' },
    },
    'Api/ListNotifications': { entry: 'listNotifications', env: { [ENV.notificationsTable]: 'notifications', [ENV.namesTable]: 'names' } },
    'Api/MarkNotificationsRead': {
      entry: 'markNotificationsRead',
      env: { [ENV.notificationsTable]: 'notifications', [ENV.namesTable]: 'names' },
    },
    'Live/CommentNotifications': {
      entry: 'commentNotifications',
      env: {
        [ENV.postsTable]: 'posts',
        [ENV.notificationsTable]: 'notifications',
        [ENV.connectionsTable]: 'connections',
        [ENV.wsManagementEndpoint]: 'callback',
      },
    },
    'Api/GetPushKey': { entry: 'getPushKey', env: { [ENV.vapidSecret]: 'vapidSecret' } },
    'Api/PutPushSubscription': {
      entry: 'putPushSubscription',
      env: { [ENV.pushSubscriptionsTable]: 'pushSubscriptions', [ENV.namesTable]: 'names', [ENV.pushServices]: 'pushServices' },
    },
    'Api/DeletePushSubscription': {
      entry: 'deletePushSubscription',
      env: { [ENV.pushSubscriptionsTable]: 'pushSubscriptions', [ENV.namesTable]: 'names' },
    },
    'Live/PushNotifications': {
      entry: 'pushNotifications',
      env: { [ENV.pushSubscriptionsTable]: 'pushSubscriptions', [ENV.vapidSecret]: 'vapidSecret', [ENV.pushServices]: 'pushServices' },
    },
    'Live/Disconnect': { entry: 'disconnect', env: { [ENV.connectionsTable]: 'connections' } },
    'Live/PostsAtOnce': {
      entry: 'postsAtOnce',
      env: {
        [ENV.connectionsTable]: 'connections',
        [ENV.notificationsTable]: 'notifications',
        [ENV.topTable]: 'top',
        [ENV.wsManagementEndpoint]: 'callback',
        [ENV.broadcastPartFunction]: 'BroadcastPart',
      },
    },
    'Live/PostsBatched': {
      entry: 'postsBatched',
      env: {
        [ENV.connectionsTable]: 'connections',
        [ENV.topTable]: 'top',
        [ENV.searchTable]: 'search',
        [ENV.wsManagementEndpoint]: 'callback',
        [ENV.broadcastPartFunction]: 'BroadcastPart',
      },
    },
    'Live/BroadcastPart': {
      entry: 'broadcastPart',
      env: { [ENV.connectionsTable]: 'connections', [ENV.wsManagementEndpoint]: 'callback' },
    },
    'Pages/Pages': {
      entry: 'page',
      env: { [ENV.postsTable]: 'posts', [ENV.topTable]: 'top', [ENV.namesTable]: 'names', [ENV.searchTable]: 'search' },
    },
    'ShareCards/ShareCards': { entry: 'shareCard', env: { [ENV.postsTable]: 'posts' } },
    'Api/SavePost': { entry: 'savePost', env: { [ENV.postsTable]: 'posts', [ENV.savedTable]: 'saved', [ENV.namesTable]: 'names' } },
    'Api/UnsavePost': { entry: 'unsavePost', env: { [ENV.postsTable]: 'posts', [ENV.savedTable]: 'saved', [ENV.namesTable]: 'names' } },
    'Api/ListSaved': { entry: 'listSaved', env: { [ENV.savedTable]: 'saved', [ENV.postsTable]: 'posts', [ENV.namesTable]: 'names' } },
    'Api/ListSavedIds': { entry: 'listSavedIds', env: { [ENV.savedTable]: 'saved', [ENV.namesTable]: 'names' } },
    'Api/GetAuthor': { entry: 'getAuthor', env: { [ENV.namesTable]: 'names', [ENV.postsTable]: 'posts' } },
    'Api/ListAuthorPosts': { entry: 'listAuthorPosts', env: { [ENV.namesTable]: 'names', [ENV.postsTable]: 'posts' } },
    'Live/CommentBroadcast': {
      entry: 'commentBroadcast',
      env: { [ENV.connectionsTable]: 'connections', [ENV.wsManagementEndpoint]: 'callback' },
    },
    'Api/CastVote': { entry: 'castVote', env: { [ENV.postsTable]: 'posts', [ENV.votesTable]: 'votes', [ENV.namesTable]: 'names' } },
    'Api/RemoveVote': { entry: 'removeVote', env: { [ENV.postsTable]: 'posts', [ENV.votesTable]: 'votes', [ENV.namesTable]: 'names' } },
    'Api/ListMyVotes': { entry: 'listMyVotes', env: { [ENV.votesTable]: 'votes', [ENV.namesTable]: 'names' } },
    'Api/ListTop': { entry: 'listTop', env: { [ENV.postsTable]: 'posts', [ENV.topTable]: 'top' } },
    'Api/SearchPosts': { entry: 'searchPosts', env: { [ENV.searchTable]: 'search', [ENV.postsTable]: 'posts' } },
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
        idempotency: s.stack.data.idempotency,
        saved: s.stack.data.saved,
        notifications: s.stack.data.notifications,
        pushSubscriptions: s.stack.data.pushSubscriptions,
        search: s.stack.data.search,
        userPool: s.stack.auth.userPool,
        client: s.stack.auth.client,
      };
      const env = Object.fromEntries(
        Object.entries(expected[path]!.env).map(([name, what]) => [
          name,
          what === 'callback'
            ? `https://\${${logicalId(s.stack.live.webSocketApi)}}.execute-api.\${AWS::Region}.\${AWS::URLSuffix}/live`
            : what === 'issuer'
              ? `https://cognito-idp.\${AWS::Region}.\${AWS::URLSuffix}/\${${logicalId(s.stack.auth.userPool)}}`
              : what === 'vapidSecret'
                ? DEFAULT_VAPID_SECRET_NAME
                : what === 'pushServices'
                  ? PUSH_SERVICES.join(',')
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
      // The files it reads beside itself (the page function's shell and API description, the cards' fonts).
      const declared = FUNCTIONS.find((declaration) => declaration.id === path.split('/')[1]);
      const beside = [
        ...Object.keys(declared && 'files' in declared ? declared.files : {}),
        ...(path === 'Pages/Pages' ? [PAGE_SHELL_FILE] : []),
      ];
      for (const name of beside) expect(existsSync(join(asset, name)), name).toBe(true);
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
    const saved = `\${${logicalId(s.stack.data.saved)}.Arn}`;
    const idempotency = `\${${logicalId(s.stack.data.idempotency)}.Arn}`;
    const notifications = `\${${logicalId(s.stack.data.notifications)}.Arn}`;
    const pushSubscriptions = `\${${logicalId(s.stack.data.pushSubscriptions)}.Arn}`;
    const readVapidSecret: [string[], string[]] = [
      ['secretsmanager:GetSecretValue'],
      [`arn:\${AWS::Partition}:secretsmanager:\${AWS::Region}:\${AWS::AccountId}:secret:${DEFAULT_VAPID_SECRET_NAME}-??????`],
    ];
    const search = `\${${logicalId(s.stack.data.search)}.Arn}`;
    const manageConnections: [string[], string[]] = [
      ['execute-api:ManageConnections'],
      [
        `arn:\${AWS::Partition}:execute-api:\${AWS::Region}:\${AWS::AccountId}:\${${logicalId(s.stack.live.webSocketApi)}}/live/*/@connections/*`,
      ],
    ];
    const streamOf = (table: keyof typeof s.stack.data.tables): [string[], string[]][] => [
      [['sqs:SendMessage', 'sqs:GetQueueAttributes', 'sqs:GetQueueUrl'], [`\${${logicalId(s.stack.live.failedBroadcasts)}.Arn}`]],
      [['dynamodb:ListStreams'], ['*']],
      [
        ['dynamodb:DescribeStream', 'dynamodb:GetRecords', 'dynamodb:GetShardIterator'],
        [`\${${logicalId(s.stack.data.tables[table])}.StreamArn}`],
      ],
    ];
    const keyRecords: [string[], string[]] = [
      ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'],
      [idempotency],
    ];
    const want: Record<string, [string[], string[]][]> = {
      'Api/ListPosts': [[['dynamodb:Query'], [`${posts}/index/feed-index`, `${posts}/index/category-index`]]],
      'Api/GetRandomPost': [[['dynamodb:Query'], [`${posts}/index/random-index`]]],
      'Api/GetPost': [[['dynamodb:GetItem'], [posts]]],
      'Api/CreatePost': [
        [['dynamodb:GetItem', 'dynamodb:PutItem'], [posts]],
        [['dynamodb:GetItem', 'dynamodb:PutItem'], [moderation]],
        [['dynamodb:GetItem', 'dynamodb:PutItem'], [rateLimits]],
        [['dynamodb:GetItem'], [names]],
        keyRecords,
      ],
      'Api/ListMyPosts': [
        [['dynamodb:Query'], [`${posts}/index/author-index`]],
        [['dynamodb:GetItem'], [names]],
      ],
      'Api/DeletePost': [
        [['dynamodb:GetItem', 'dynamodb:UpdateItem'], [posts]],
        [['dynamodb:PutItem'], [moderation]],
        [['dynamodb:GetItem'], [names]],
      ],
      'Api/ResendPost': [
        [['dynamodb:GetItem', 'dynamodb:UpdateItem'], [posts]],
        [['dynamodb:GetItem', 'dynamodb:PutItem'], [moderation]],
        [['dynamodb:GetItem'], [names]],
      ],
      'Api/ReportPost': [
        [['dynamodb:GetItem', 'dynamodb:UpdateItem'], [posts]],
        [['dynamodb:PutItem'], [moderation]],
        [['dynamodb:GetItem'], [names]],
        keyRecords,
      ],
      'Api/NextForModeration': [
        [['dynamodb:Query'], [`${posts}/index/queue-index`]],
        [['dynamodb:BatchGetItem'], [moderation]],
        [['dynamodb:GetItem'], [names]],
      ],
      'Api/VoteOnPost': [
        [['dynamodb:GetItem', 'dynamodb:UpdateItem'], [posts]],
        [['dynamodb:PutItem', 'dynamodb:UpdateItem'], [moderation]],
        [['dynamodb:GetItem'], [names]],
      ],
      'Api/SkipForModeration': [
        [['dynamodb:GetItem'], [posts]],
        [['dynamodb:PutItem'], [moderation]],
        [['dynamodb:GetItem'], [names]],
      ],
      'Api/ListPending': [
        [['dynamodb:Query'], [`${posts}/index/queue-index`]],
        [['dynamodb:GetItem'], [names]],
      ],
      'Api/ModerationToday': [
        [['dynamodb:GetItem'], [moderation]],
        [['dynamodb:GetItem'], [names]],
      ],
      'Api/DecideOnPost': [
        [['dynamodb:GetItem', 'dynamodb:UpdateItem'], [posts]],
        [['dynamodb:PutItem'], [moderation]],
        [['dynamodb:GetItem'], [names]],
      ],
      'Api/CreateSuspension': [
        [['dynamodb:GetItem', 'dynamodb:UpdateItem'], [posts]],
        [['dynamodb:Query'], [`${posts}/index/author-index`]],
        [['dynamodb:GetItem'], [comments]],
        [['dynamodb:PutItem'], [moderation]],
        [['dynamodb:GetItem', 'dynamodb:UpdateItem'], [names]],
        // Who moderates: the one Cognito action, on this pool only.
        [['cognito-idp:ListUsersInGroup'], [`\${${logicalId(s.stack.auth.userPool)}.Arn}`]],
      ],
      'Api/ListSuspensions': [
        [['dynamodb:Query'], [`${moderation}/index/list-index`]],
        [['dynamodb:GetItem'], [names]],
      ],
      'Api/LiftSuspension': [
        [['dynamodb:GetItem', 'dynamodb:UpdateItem', 'dynamodb:PutItem'], [moderation]],
        [['dynamodb:GetItem', 'dynamodb:UpdateItem'], [names]],
      ],
      'Api/ReadModerationLog': [
        [['dynamodb:Query'], [`${moderation}/index/list-index`]],
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
        [['dynamodb:GetItem', 'dynamodb:PutItem'], [comments]],
        [['dynamodb:GetItem', 'dynamodb:PutItem'], [rateLimits]],
        [['dynamodb:GetItem'], [names]],
        keyRecords,
      ],
      'Api/DeleteComment': [
        [['dynamodb:UpdateItem'], [posts]],
        [['dynamodb:GetItem', 'dynamodb:UpdateItem'], [comments]],
        [['dynamodb:PutItem'], [moderation]],
        [['dynamodb:GetItem'], [names]],
      ],
      'Api/ReportComment': [
        [['dynamodb:UpdateItem'], [posts]],
        [['dynamodb:GetItem', 'dynamodb:UpdateItem'], [comments]],
        [['dynamodb:PutItem'], [moderation]],
        [['dynamodb:GetItem'], [names]],
        keyRecords,
      ],
      'Api/DecideOnComment': [
        [['dynamodb:UpdateItem'], [posts]],
        [['dynamodb:GetItem', 'dynamodb:UpdateItem'], [comments]],
        [['dynamodb:PutItem'], [moderation]],
        [['dynamodb:GetItem'], [names]],
      ],
      'Api/GetMe': [
        [['dynamodb:GetItem'], [names]],
        [['dynamodb:Query'], [`${notifications}/index/unread-index`]],
        [['dynamodb:GetItem'], [moderation]],
      ],
      'Api/ListNotifications': [
        [['dynamodb:Query'], [`${notifications}/index/recent-index`]],
        [['dynamodb:GetItem'], [names]],
      ],
      'Api/MarkNotificationsRead': [
        [['dynamodb:UpdateItem'], [notifications]],
        [['dynamodb:Query'], [`${notifications}/index/unread-index`]],
        [['dynamodb:GetItem'], [names]],
      ],
      'Api/GetPushKey': [readVapidSecret],
      'Api/PutPushSubscription': [
        [['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:PutItem', 'dynamodb:DeleteItem'], [pushSubscriptions]],
        [['dynamodb:GetItem'], [names]],
      ],
      'Api/DeletePushSubscription': [
        [['dynamodb:DeleteItem'], [pushSubscriptions]],
        [['dynamodb:GetItem'], [names]],
      ],
      'Live/PushNotifications': [
        [['dynamodb:DeleteItem'], [pushSubscriptions]],
        [['dynamodb:Query'], [`${pushSubscriptions}/index/account-index`]],
        readVapidSecret,
        ...streamOf('notifications'),
      ],
      'Live/CommentNotifications': [
        [['dynamodb:GetItem'], [posts]],
        [['dynamodb:GetItem', 'dynamodb:PutItem'], [notifications]],
        [['dynamodb:DeleteItem'], [connections]],
        [['dynamodb:Query'], [`${connections}/index/account-index`]],
        manageConnections,
        ...streamOf('comments'),
      ],
      'Api/SetMyName': [
        [['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'], [names]],
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
        [['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:DeleteItem'], [pushSubscriptions]],
        [['dynamodb:Query'], [`${pushSubscriptions}/index/account-index`]],
        // The one Cognito action, on this pool only.
        [['cognito-idp:AdminDeleteUser'], [`\${${logicalId(s.stack.auth.userPool)}.Arn}`]],
      ],
      'Live/Connect': [
        [['dynamodb:PutItem'], [connections]],
        [['dynamodb:GetItem'], [names]],
      ],
      'Live/Disconnect': [[['dynamodb:DeleteItem'], [connections]]],
      'Live/PostsAtOnce': [
        [['dynamodb:Scan', 'dynamodb:DeleteItem'], [connections]],
        [['dynamodb:Query'], [`${connections}/index/account-index`]],
        [['dynamodb:PutItem'], [notifications]],
        [['dynamodb:Query'], [`${top}/index/top-agree-index`]],
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
      'Live/PostsBatched': [
        [['dynamodb:Scan', 'dynamodb:DeleteItem'], [connections]],
        [['dynamodb:BatchWriteItem'], [top]],
        [['dynamodb:BatchWriteItem'], [search]],
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
      'Api/SearchPosts': [
        [['dynamodb:Query'], [search]],
        [['dynamodb:Query'], [`${search}/index/term-category-index`]],
        [['dynamodb:BatchGetItem'], [posts]],
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
        [
          ['dynamodb:Query'],
          [`${posts}/index/feed-index`, `${posts}/index/category-index`, `${posts}/index/author-feed-index`, `${posts}/index/random-index`],
        ],
        [['dynamodb:Query'], [`${top}/index/top-agree-index`, `${top}/index/top-deserved-index`]],
        [['dynamodb:GetItem'], [names]],
        [['dynamodb:Query'], [search]],
        [['dynamodb:Query'], [`${search}/index/term-category-index`]],
      ],
      // A published post, to draw its card.
      'ShareCards/ShareCards': [[['dynamodb:GetItem'], [posts]]],
      'Api/SavePost': [
        [['dynamodb:GetItem'], [posts]],
        [['dynamodb:PutItem'], [saved]],
        [['dynamodb:GetItem'], [names]],
      ],
      'Api/UnsavePost': [
        [['dynamodb:GetItem'], [posts]],
        [['dynamodb:DeleteItem'], [saved]],
        [['dynamodb:GetItem'], [names]],
      ],
      'Api/ListSaved': [
        [['dynamodb:Query'], [`${saved}/index/saved-index`]],
        [['dynamodb:BatchGetItem'], [posts]],
        [['dynamodb:GetItem'], [names]],
      ],
      'Api/ListSavedIds': [
        [['dynamodb:BatchGetItem'], [saved]],
        [['dynamodb:GetItem'], [names]],
      ],
      'Api/GetAuthor': [
        [['dynamodb:GetItem'], [names]],
        [['dynamodb:Query'], [`${posts}/index/author-feed-index`]],
      ],
      'Api/ListAuthorPosts': [
        [['dynamodb:GetItem'], [names]],
        [['dynamodb:BatchGetItem'], [posts]],
        [['dynamodb:Query'], [`${posts}/index/author-feed-index`]],
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
