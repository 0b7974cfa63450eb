/**
 * The whole site on one machine, no AWS account: DynamoDB Local (or an already running one), Cognito
 * (cognito-local), every function of infra/functions.ts on its own worker with its own environment,
 * the HTTP and WebSocket gateways that invoke them, a stream poller per stream-triggered function,
 * and the web server with `/config.json`. The functions are the same declarations the stack deploys.
 */
import { createHash, randomBytes } from 'node:crypto';
import { copyFile, mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBStreamsClient } from '@aws-sdk/client-dynamodb-streams';
import { BatchWriteCommand, DynamoDBDocumentClient, type BatchWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { RuntimeConfig } from '../../functions/contract/documents';
import { routes } from '../../functions/contract/routes';
import { DynamoNameStore } from '../../functions/store/dynamodb/nameStore';
import { DynamoPostRepository } from '../../functions/store/dynamodb/postRepository';
import {
  FUNCTIONS as DECLARED,
  TABLES,
  environmentOf,
  functionsTriggeredBy,
  type Addresses,
  type FunctionDeclaration,
  type TableName,
} from '../functions';
import { startCognito } from './aws/cognito/cognitoLocal';
import { ensureTables, startDynamo, type DynamoCredentials } from './aws/dynamodb/dynamoDbLocal';
import { startHostedUi } from './aws/cognito/hostedUi';
import { ensureAdminCredentials } from './aws/cognito/adminCredentials';
import { functionUrl } from './aws/lambda/functionUrl';
import { LocalCardCache } from './aws/cloudfront/cardCache';
import { LOCAL_DISTRIBUTION_ID, startInvalidations } from './aws/cloudfront/invalidations';
import { startHttpGateway } from './aws/apigateway/httpGateway';
import { startLambdaApi } from './aws/lambda/invokeApi';
import { localFunction, type LocalFunction } from './aws/lambda/runtime';
import { ensureModerators } from './fixtures/demoModerator';
import { migrateNames } from './fixtures/migrations/apodosForOldData';
import { migrateNameKeys } from './fixtures/migrations/nameKeysToSkeletons';
import { LOOPBACK, PortInUseError, portOrFree } from './process/ports';
import { markRunning } from './process/runningMark';
import { seedIfEmpty } from './fixtures/samplePosts';
import { migrateSamples } from './fixtures/migrations/samplesByName';
import { backfillCommentThreads } from '../../functions/store/dynamodb/commentThreadBackfill';
import { claimFingerprintOf } from '../../functions/store/dynamodb/sampleFingerprints';
import { startStreamPoller } from './aws/lambda/streamPoller';
import { DIST_DIR, startWebServer } from './aws/cloudfront/webServer';
import { PAGE_SHELL_FILE } from '../../functions/config';
import { startWsGateway } from './aws/apigateway/wsGateway';
import { ensureVapidKeys, LOCAL_VAPID_SECRET_NAME, startSecretsManager } from './aws/secretsmanager/secretsManager';
import { LOCAL_TEST_PUSH_SERVICES, PUSH_SERVICES } from '../pushServices';

export type LocalCloudOptions = {
  /** Where users and posts live between runs. */
  dataDir: string;
  /** Ports; 0 picks a free one. */
  ports: { web: number; api: number; ws: number; dynamodb: number; cognito: number; triggers: number; hostedUi?: number };
  /**
   * An already running DynamoDB Local to use instead of starting one (a test suite shares one), and
   * the access key that names this cloud's database in it (DynamoDB Local keeps one per key).
   * @default - start DynamoDB Local with its data under `dataDir`, access key `local`
   */
  dynamodb?: { endpoint?: string; accessKeyId?: string };
  /** How the web app is served (see webServer.ts). */
  webMode?: 'dev' | 'dist';
  /**
   * Start the functions a first visitor reaches (the page function, the public reads, GET /me) before
   * reporting ready, so the first page after a start is not a cold start under load; then, in the
   * background, the reads of a signed-in account's lists (Avisos, Moderar, Guardadas, Mis anécdotas…),
   * so opening one is not a cold start either.
   * @default false
   */
  warm?: boolean;
  /** Write sample posts when the posts table is empty. @default true */
  seed?: boolean;
  onConfirmationCode?(email: string, code: string): void;
};

export type LocalCloud = {
  webUrl: string;
  config: RuntimeConfig;
  dynamodbEndpoint: string;
  dynamodbCredentials: DynamoCredentials;
  cognitoEndpoint: string;
  /** The WebSocket API's @connections endpoint (signed calls only). */
  connectionsEndpoint: string;
  /** The functions started before it reported ready (`warm`). */
  warmed: string[];
  tables: Record<TableName, string>;
  seeded: number;
  /** The demo account in the `moderadores` group. */
  moderator: { email: string; password: string };
  stop(): Promise<void>;
};

const REGION = 'eu-west-1';
const REPOSITORY_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const FUNCTIONS: readonly FunctionDeclaration[] = DECLARED;

/**
 * Starts the local cloud (see startOnce). A port it chooses itself is free when chosen, not reserved
 * until the server told to use it binds it, seconds later: another program (another test file's cloud
 * starting beside it) may take it first. Then the whole start is made again with other ports, up to
 * three times; a port given in `options.ports` is never changed, so its clash is reported at once.
 */
export async function startLocalCloud(options: LocalCloudOptions): Promise<LocalCloud> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(options);
    } catch (error) {
      const chosenHere = error instanceof PortInUseError && !Object.values(options.ports).includes(error.port);
      if (!chosenHere || attempt === 3) throw error;
      console.error(`The local cloud starts again on other ports: ${error.message}.`);
    }
  }
}

/** One attempt: every service started in order; on any failure, what was started is stopped. */
async function startOnce(options: LocalCloudOptions): Promise<LocalCloud> {
  const dataDir = resolve(options.dataDir);
  const stops: Array<() => Promise<void>> = [];
  /** Set once stopping: background work (warming functions) ends. */
  let stopped = false;
  const stop = async () => {
    stopped = true;
    for (const close of stops.reverse()) await close().catch((error: unknown) => console.error('local cloud stop:', error));
  };
  try {
    // Taken away last: `npm run backup` and `restore` wait for the emulators to have stopped.
    stops.push(markRunning(dataDir));
    const credentials: DynamoCredentials = { accessKeyId: options.dynamodb?.accessKeyId || 'local', secretAccessKey: 'local' };
    // The functions' credentials, whose secret is made for this run: the @connections endpoint, the
    // Secrets Manager stand-in and the local Cognito's administrative calls check it (DynamoDB Local
    // looks at the key id only, so the data stays where it is). The local Cognito also accepts the data
    // folder's administrator credentials, which the start-up, `npm run moderator` and the tests sign with.
    const functionCredentials = { accessKeyId: credentials.accessKeyId, secretAccessKey: randomBytes(24).toString('base64url') };
    const cognitoAdmin = ensureAdminCredentials(dataDir);
    const externalDynamo = options.dynamodb?.endpoint;
    const cognitoPort = await portOrFree(options.ports.cognito);
    // The site's origins, known first: the local Cognito and the API grant CORS to them only.
    const webPort = await portOrFree(options.ports.web);
    const webOrigins = [`http://localhost:${webPort}`, `http://${LOOPBACK}:${webPort}`];
    // The two emulators start in parallel (DynamoDB Local's JVM takes the longest); both have
    // settled, and are in `stops`, before a failure of either is thrown.
    const [dynamoStart, cognitoStart] = await Promise.allSettled([
      externalDynamo
        ? { endpoint: externalDynamo, close: async () => {} }
        : startDynamo({
            dataDir: join(dataDir, 'dynamodb'),
            port: options.ports.dynamodb,
            onUnexpectedExit: (code) =>
              console.error(`DynamoDB Local stopped unexpectedly (exit code ${code}); starting it again (the API answers 503 meanwhile).`),
            onRestarted: () => console.error('DynamoDB Local is serving again.'),
          }).then((started) => {
            stops.push(started.close);
            return started;
          }),
      startCognito({
        dataDir: join(dataDir, 'cognito'),
        port: cognitoPort,
        triggersPort: options.ports.triggers,
        region: REGION,
        allowedOrigins: webOrigins,
        onConfirmationCode: (email, code) => options.onConfirmationCode?.(email, code),
        admin: cognitoAdmin,
        signers: [cognitoAdmin, functionCredentials],
      }).then((started) => {
        stops.push(started.close);
        return started;
      }),
    ]);
    if (dynamoStart.status === 'rejected') throw dynamoStart.reason;
    if (cognitoStart.status === 'rejected') throw cognitoStart.reason;
    const [dynamo, cognito] = [dynamoStart.value, cognitoStart.value];
    const moderator = await ensureModerators({
      endpoint: cognito.endpoint,
      region: REGION,
      userPoolId: cognito.userPoolId,
      credentials: cognitoAdmin,
    });

    const tables = Object.fromEntries(
      (Object.keys(TABLES) as TableName[]).map((name) => [name, TABLES[name].description.logicalName]),
    ) as Record<TableName, string>;
    const admin = new DynamoDBClient({ endpoint: dynamo.endpoint, region: REGION, credentials });
    stops.push(() => Promise.resolve(admin.destroy()));
    await ensureTables(
      admin,
      (Object.keys(TABLES) as TableName[]).map((name) => ({ name: tables[name], description: TABLES[name].description })),
    );

    // Every function with the environment the stack gives it, plus what Lambda itself sets; the SDK
    // finds DynamoDB Local through its standard endpoint variable.
    const wsPort = await portOrFree(options.ports.ws);
    // The WebSocket API's @connections endpoint: its own loopback port, answering only calls signed
    // with the functions' credentials.
    const managementPort = await portOrFree(0);
    // Web Push: the VAPID keys made at the first start and kept in the data folder, served to the
    // functions by a Secrets Manager stand-in (signed calls only), as the stack's secret is on AWS.
    const secretsManager = await startSecretsManager({
      port: 0,
      credentials: functionCredentials,
      secrets: { [LOCAL_VAPID_SECRET_NAME]: JSON.stringify(ensureVapidKeys(dataDir)) },
    });
    stops.push(() => secretsManager.close());
    // CloudFront's cache of the share cards, and its API (signed calls only) through which the posts
    // stream drops a card that stopped showing a public post, as it does in the stack's distribution.
    const cardCache = new LocalCardCache();
    const invalidations = await startInvalidations({
      port: 0,
      credentials: functionCredentials,
      onInvalidation: (paths) => {
        const dropped = cardCache.forget(paths);
        console.log(`CloudFront (local): invalidated ${paths.join(' ')} (${dropped} cached ${dropped === 1 ? 'copy' : 'copies'} dropped)`);
      },
    });
    stops.push(() => invalidations.close());
    const addresses: Addresses = {
      tableName: (table) => tables[table],
      endpoint: (name) =>
        name === 'userPool' || name === 'moderatorsGroup' || name === 'accountRecord'
          ? cognito.userPoolId
          : name === 'tokenIssuer'
            ? cognito.issuer
            : name === 'tokenAudience'
              ? cognito.userPoolClientId
              : name === 'pushKeys'
                ? LOCAL_VAPID_SECRET_NAME
                : name === 'pushServices'
                  ? // The browsers' push services, and the tests' receiver on loopback (docs/security.md).
                    [...PUSH_SERVICES, ...LOCAL_TEST_PUSH_SERVICES].join(',')
                  : name === 'legalDetails'
                    ? // No operator and no region here: the legal documents show their placeholders.
                      JSON.stringify({})
                    : name === 'siteDistribution'
                      ? LOCAL_DISTRIBUTION_ID
                      : `http://${LOOPBACK}:${managementPort}`,
      // The local Lambda API knows each function by its id.
      functionName: (id) => id,
    };
    // The Lambda API a function invokes others through (its SDK finds it by AWS_ENDPOINT_URL_LAMBDA);
    // its port is known before the functions are made, and it serves them once they exist.
    const lambdaPort = await portOrFree(0);
    // A function that reads files beside its handler (its declaration's `files`, bundled with it on
    // AWS) finds copies of them in a folder of its own; so does the page function its shell (bundled
    // beside it on AWS): the build's index.html in dist mode, Vite's (written by the web server) in dev mode.
    const taskRoots = new Map<string, string>();
    for (const declaration of FUNCTIONS) {
      if (!declaration.files && declaration.trigger.type !== 'document') continue;
      const root = join(dataDir, 'functions', declaration.id);
      await mkdir(root, { recursive: true });
      for (const [name, path] of Object.entries(declaration.files ?? {})) await copyFile(join(REPOSITORY_ROOT, path), join(root, name));
      taskRoots.set(declaration.id, root);
    }
    const shellDir = taskRoots.get(functionsTriggeredBy('document')[0]?.id ?? '');
    if (!shellDir) throw new Error('Exactly one function serves the documents (a `document` trigger)');
    if (options.webMode === 'dist') await copyFile(join(DIST_DIR, PAGE_SHELL_FILE), join(shellDir, PAGE_SHELL_FILE));
    const functions = new Map<string, LocalFunction>(
      FUNCTIONS.map((declaration) => [
        declaration.id,
        localFunction(
          declaration,
          {
            AWS_REGION: REGION,
            AWS_DEFAULT_REGION: REGION,
            AWS_ACCESS_KEY_ID: functionCredentials.accessKeyId,
            AWS_SECRET_ACCESS_KEY: functionCredentials.secretAccessKey,
            AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint,
            AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: cognito.endpoint,
            AWS_ENDPOINT_URL_LAMBDA: `http://${LOOPBACK}:${lambdaPort}`,
            AWS_ENDPOINT_URL_SECRETS_MANAGER: secretsManager.url,
            AWS_ENDPOINT_URL_CLOUDFRONT: invalidations.url,
            AWS_LAMBDA_FUNCTION_NAME: declaration.id,
            AWS_LAMBDA_FUNCTION_MEMORY_SIZE: String(declaration.memorySize ?? 256),
            LAMBDA_TASK_ROOT: taskRoots.get(declaration.id) ?? REPOSITORY_ROOT,
            // What the bundle has built in (infra/constructs/lambdaFunction.ts `define`): libraries run their production code.
            NODE_ENV: 'production',
            // Lambda runs Node 24; this machine may run Node 20, and the SDK's reminder is noise here.
            AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
            ...environmentOf(declaration, addresses),
          },
          REGION,
        ),
      ]),
    );
    stops.push(async () => {
      await Promise.all([...functions.values()].map((fn) => fn.close()));
    });
    const lambdaApi = await startLambdaApi({
      port: lambdaPort,
      functions: new Map(
        FUNCTIONS.map((declaration) => {
          const fn = functions.get(declaration.id) as LocalFunction;
          return [declaration.id, { fn, async: declaration.trigger.type === 'invoke' ? declaration.trigger : undefined }];
        }),
      ),
    });
    stops.push(() => lambdaApi.close());
    const invoker = (id: string) => {
      const fn = functions.get(id);
      if (!fn) throw new Error(`No function ${id} is declared`);
      return (event: unknown) => fn.invoke(event);
    };

    const wsRoute = (route: '$connect' | '$disconnect') => {
      const declaration = FUNCTIONS.find((fn) => fn.trigger.type === 'websocket' && fn.trigger.route === route);
      if (!declaration) throw new Error(`No function is declared for the WebSocket route ${route}`);
      return invoker(declaration.id);
    };
    const ws = await startWsGateway({
      port: wsPort,
      managementPort,
      credentials: functionCredentials,
      onConnect: wsRoute('$connect'),
      onDisconnect: wsRoute('$disconnect'),
    });
    stops.push(() => ws.close());

    // One poller per stream-triggered function, as each has its own event source mapping. Stopped
    // before the WebSocket gateway (stops run in reverse).
    const streams = new DynamoDBStreamsClient({ endpoint: dynamo.endpoint, region: REGION, credentials });
    stops.push(() => Promise.resolve(streams.destroy()));
    for (const declaration of FUNCTIONS) {
      if (declaration.trigger.type !== 'stream') continue;
      const { Table } = await admin.send(new DescribeTableCommand({ TableName: tables[declaration.trigger.table] }));
      if (!Table?.LatestStreamArn) throw new Error(`The ${declaration.trigger.table} table has no stream for ${declaration.id}`);
      const poller = await startStreamPoller({
        client: streams,
        streamArn: Table.LatestStreamArn,
        // Kept per stream (a new table has a new stream): a restart resumes where this mapping stopped.
        checkpoints: join(
          dataDir,
          'streams',
          `${declaration.id}-${createHash('sha256').update(Table.LatestStreamArn).digest('hex').slice(0, 12)}.json`,
        ),
        region: REGION,
        functionId: declaration.id,
        trigger: declaration.trigger,
        invoke: invoker(declaration.id),
      });
      stops.push(() => poller.close());
    }

    // Samples are written once the stream pollers read (from LATEST), so the stream-fed functions see
    // them as they would any post: the Top ranks them. Nobody is connected yet to hear of them.
    const documents = DynamoDBDocumentClient.from(admin, { marshallOptions: { removeUndefinedValues: true } });
    const fingerprint = (post: { id: string; post: string; createdAt: string }) => claimFingerprintOf(documents, tables.moderation, post);
    const voteRows = async (rows: Array<Record<string, unknown>>) => {
      for (let start = 0; start < rows.length; start += 25) {
        let requests: BatchWriteCommandInput['RequestItems'] = {
          [tables.votes]: rows.slice(start, start + 25).map((Item) => ({ PutRequest: { Item } })),
        };
        while (requests && Object.keys(requests).length > 0) {
          requests = (await documents.send(new BatchWriteCommand({ RequestItems: requests }))).UnprocessedItems;
        }
      }
    };
    const seeded = options.seed === false ? 0 : await seedIfEmpty(new DynamoPostRepository(documents, tables.posts), fingerprint, voteRows);
    // Samples of older data folders move to their names' authors and get fingerprints (…/migrations/samplesByName.ts).
    await migrateSamples({ documents, postsTable: tables.posts, fingerprint });
    // Apodos for authors of posts stored before them, and the demo moderator's (infra/local/fixtures/migrations/apodosForOldData.ts).
    await migrateNames({
      documents,
      postsTable: tables.posts,
      names: new DynamoNameStore(documents, tables.names),
      posts: new DynamoPostRepository(documents, tables.posts),
      cognito: { endpoint: cognito.endpoint, region: REGION, userPoolId: cognito.userPoolId, credentials: cognitoAdmin },
      moderator: { email: moderator.email, name: moderator.name },
    });
    // Apodos claimed before keys were confusable skeletons move to today's key (…/migrations/nameKeysToSkeletons.ts).
    await migrateNameKeys({ documents, namesTable: tables.names, names: new DynamoNameStore(documents, tables.names) });
    // Comments of older data folders get their «Mejores» place (functions/store/dynamodb/commentThreadBackfill.ts).
    await backfillCommentThreads(documents, tables.comments);

    const api = await startHttpGateway({
      port: options.ports.api,
      allowedOrigins: webOrigins,
      jwt: { issuer: cognito.issuer, audience: cognito.userPoolClientId, jwksUrl: cognito.jwksUrl },
      routes: FUNCTIONS.flatMap((declaration) =>
        declaration.trigger.type === 'http'
          ? [
              {
                method: declaration.trigger.route.method,
                path: declaration.trigger.route.path,
                jwt: declaration.trigger.route.auth !== 'public',
                handler: invoker(declaration.id),
              },
            ]
          : [],
      ),
    });
    stops.push(api.close);

    // The web server passes `/posts*` to the gateway in both modes. In dist mode, which serves the
    // build as CloudFront does, the app calls the API there, under the site's own origin, as on AWS;
    // in dev mode it calls the gateway directly (cross-origin, so CORS stays exercised).
    const webUrl = `http://localhost:${webPort}`;
    // Google sign-in through a stand-in for Cognito's hosted UI (infra/local/aws/cognito/hostedUi.ts), whose
    // callback and logout URLs are the web app's, as the stack's app client has the site's.
    const hostedUi = await startHostedUi({
      port: options.ports.hostedUi ?? 0,
      dataDir: join(dataDir, 'hosted-ui'),
      region: REGION,
      cognito: {
        endpoint: cognito.endpoint,
        userPoolId: cognito.userPoolId,
        clientId: cognito.userPoolClientId,
        credentials: cognitoAdmin,
      },
      redirectUris: webOrigins.map((origin) => `${origin}/`),
    });
    stops.push(() => hostedUi.close());
    const config: RuntimeConfig = {
      region: REGION,
      userPoolId: cognito.userPoolId,
      userPoolClientId: cognito.userPoolClientId,
      apiUrl: options.webMode === 'dist' ? webUrl : api.url,
      wsUrl: ws.url,
      userPoolEndpoint: cognito.endpoint,
      authFlowType: 'USER_PASSWORD_AUTH',
      oauthDomain: hostedUi.domain,
    };
    // The page function, called by the web server for the paths CloudFront sends to its URL.
    const pageFunction = FUNCTIONS.find((declaration) => declaration.trigger.type === 'document');
    const pages = pageFunction ? functionUrl(pageFunction.id, invoker(pageFunction.id)) : undefined;
    // The image function, for the share cards' paths (CloudFront's `/og/*` behaviour).
    const imageFunction = FUNCTIONS.find((declaration) => declaration.trigger.type === 'image');
    const images = imageFunction ? functionUrl(imageFunction.id, cardCache.inFrontOf(invoker(imageFunction.id))) : undefined;
    const web = await startWebServer({
      host: LOOPBACK,
      port: webPort,
      config,
      mode: options.webMode,
      api: api.handle,
      pages,
      images,
      shellDir,
    });
    stops.push(web.close);
    if (web.url !== webUrl) throw new Error(`The web server is at ${web.url}, not ${webUrl} as config.json says`);
    const warmed: string[] = [];
    /** Starts these functions two at a time (each start imports its handler; the machine may have two cores). */
    const warmAll = async (declarations: typeof FUNCTIONS, started: string[]) => {
      for (let i = 0; i < declarations.length && !stopped; i += 2)
        await Promise.all(
          declarations.slice(i, i + 2).map((declaration) =>
            functions
              .get(declaration.id)!
              .warm()
              .then(() => started.push(declaration.id))
              // One that cannot start says so on its first invocation, as on Lambda.
              .catch(() => undefined),
          ),
        );
    };
    if (options.warm) {
      const firstReached = FUNCTIONS.filter(
        ({ trigger }) =>
          trigger.type === 'document' ||
          (trigger.type === 'http' &&
            (trigger.route === routes.accounts.me || (trigger.route.method === 'GET' && trigger.route.auth === 'public'))),
      );
      await warmAll(firstReached, warmed);
      // The signed-in reads (the lists of one's own and the moderators'), after the banner: a start is not
      // made longer, and a list opened a few seconds later is answered by a started function.
      const signedInReads = FUNCTIONS.filter(
        (declaration) =>
          !firstReached.includes(declaration) &&
          declaration.trigger.type === 'http' &&
          declaration.trigger.route.method === 'GET' &&
          declaration.trigger.route.auth !== 'public',
      );
      setTimeout(() => void warmAll(signedInReads, []), 0);
      // Vite too (dev mode), which otherwise starts on the first request for a file or a page.
      web.warm();
    }

    return {
      webUrl: web.url,
      config,
      dynamodbEndpoint: dynamo.endpoint,
      dynamodbCredentials: credentials,
      cognitoEndpoint: cognito.endpoint,
      connectionsEndpoint: ws.managementUrl,
      warmed,
      tables,
      seeded,
      moderator,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
