/**
 * The whole site on one machine, no AWS account: DynamoDB (dynalite), Cognito (cognito-local), the
 * HTTP and WebSocket gateways invoking the real handler modules, stream delivery to the broadcast
 * handler, and the web server with `/config.json`. Handler modules are loaded only after the
 * environment they read (table names, SDK endpoints) is set, exactly as Lambda would provide it.
 */
import { join, resolve } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { RuntimeConfig } from '../../functions/contract';
import { CONNECTIONS_TABLE, ENV, POSTS_TABLE, RATE_LIMITS_TABLE } from '../../functions/store/tables';
import { startBroadcastDelivery } from './broadcast';
import { startCognito } from './cognito';
import { ensureTables, startDynamo } from './dynamo';
import { startHttpGateway } from './httpGateway';
import { LOOPBACK, portOrFree } from './net';
import { seedIfEmpty } from './seed';
import { startWebServer } from './webServer';
import { startWsGateway } from './wsGateway';

export type LocalCloudOptions = {
  /** Where users and posts live between runs. */
  dataDir: string;
  /** Ports; 0 picks a free one. */
  ports: { web: number; api: number; ws: number; dynamodb: number; cognito: number; triggers: number };
  /** How the web app is served (see webServer.ts). */
  webMode?: 'dev' | 'dist';
  /** Write sample posts when the posts table is empty. @default true */
  seed?: boolean;
  onConfirmationCode?(email: string, code: string): void;
};

export type LocalCloud = {
  webUrl: string;
  config: RuntimeConfig;
  dynamodbEndpoint: string;
  cognitoEndpoint: string;
  tables: { posts: string; rateLimits: string; connections: string };
  seeded: number;
  stop(): Promise<void>;
};

const REGION = 'eu-west-1';

export async function startLocalCloud(options: LocalCloudOptions): Promise<LocalCloud> {
  const dataDir = resolve(options.dataDir);
  const stops: Array<() => Promise<void>> = [];
  const stop = async () => {
    for (const close of stops.reverse()) await close().catch((error) => console.error('local cloud stop:', error));
  };
  try {
    const tables = { posts: POSTS_TABLE.logicalName, rateLimits: RATE_LIMITS_TABLE.logicalName, connections: CONNECTIONS_TABLE.logicalName };
    let deliverInsert: (record: import('aws-lambda').DynamoDBRecord) => void = () => undefined;

    const dynamo = await startDynamo({
      dataDir: join(dataDir, 'dynamodb'),
      port: options.ports.dynamodb,
      region: REGION,
      streamedTable: tables.posts,
      onInsert: (record) => deliverInsert(record),
    });
    stops.push(dynamo.close);

    const cognito = await startCognito({
      dataDir: join(dataDir, 'cognito'),
      port: await portOrFree(options.ports.cognito),
      triggersPort: options.ports.triggers,
      region: REGION,
      onConfirmationCode: (email, code) => options.onConfirmationCode?.(email, code),
    });
    stops.push(cognito.close);

    // The handlers' environment, as the stack sets it on each Lambda.
    const wsPort = await portOrFree(options.ports.ws);
    Object.assign(process.env, {
      AWS_REGION: REGION,
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint,
      [ENV.postsTable]: tables.posts,
      [ENV.rateLimitsTable]: tables.rateLimits,
      [ENV.connectionsTable]: tables.connections,
      [ENV.wsManagementEndpoint]: `http://${LOOPBACK}:${wsPort}`,
    });
    delete process.env.AWS_SESSION_TOKEN;
    delete process.env.AWS_PROFILE;

    const admin = new DynamoDBClient({ endpoint: dynamo.endpoint, region: REGION });
    await ensureTables(admin, [
      { name: tables.posts, description: POSTS_TABLE },
      { name: tables.rateLimits, description: RATE_LIMITS_TABLE },
      { name: tables.connections, description: CONNECTIONS_TABLE },
    ]);
    admin.destroy();

    const [listPosts, getPost, getRandomPost, createPost, connect, disconnect] = await Promise.all([
      import('../../functions/handlers/http/listPosts'),
      import('../../functions/handlers/http/getPost'),
      import('../../functions/handlers/http/getRandomPost'),
      import('../../functions/handlers/http/createPost'),
      import('../../functions/handlers/ws/connect'),
      import('../../functions/handlers/ws/disconnect'),
    ]);

    // Samples are written before stream delivery starts: nobody is connected yet to receive them.
    const { DynamoPostRepository } = await import('../../functions/store/dynamodb/postRepository');
    const { documentClient } = await import('../../functions/clients');
    const seeded = options.seed === false ? 0 : await seedIfEmpty(new DynamoPostRepository(documentClient, tables.posts));

    const ws = await startWsGateway({ port: wsPort, onConnect: connect.handler, onDisconnect: disconnect.handler });
    stops.push(ws.close);

    // The broadcast handler runs on its own thread, like its own Lambda (broadcast.ts). Stopped
    // before the WebSocket gateway (stops run in reverse), so queued broadcasts drain first.
    const delivery = await startBroadcastDelivery();
    deliverInsert = (record) => delivery.push(record);
    stops.push(() => delivery.close());

    const webPort = await portOrFree(options.ports.web);
    const webOrigins = [`http://localhost:${webPort}`, `http://${LOOPBACK}:${webPort}`];
    const api = await startHttpGateway({
      port: options.ports.api,
      allowedOrigins: webOrigins,
      jwt: { issuer: cognito.issuer, audience: cognito.userPoolClientId, jwksUrl: cognito.jwksUrl },
      routes: [
        { method: 'GET', path: '/posts', handler: listPosts.handler },
        { method: 'GET', path: '/posts/random', handler: getRandomPost.handler },
        { method: 'GET', path: '/posts/{id}', handler: getPost.handler },
        { method: 'POST', path: '/posts', handler: createPost.handler, jwt: true },
      ],
    });
    stops.push(api.close);

    // The web server passes `/posts*` to the gateway in both modes. In dist mode, which serves the
    // build as CloudFront does, the app calls the API there, under the site's own origin, as on AWS;
    // in dev mode it calls the gateway directly (cross-origin, so CORS stays exercised).
    const webUrl = `http://localhost:${webPort}`;
    const config: RuntimeConfig = {
      region: REGION,
      userPoolId: cognito.userPoolId,
      userPoolClientId: cognito.userPoolClientId,
      apiUrl: options.webMode === 'dist' ? webUrl : api.url,
      wsUrl: ws.url,
      userPoolEndpoint: cognito.endpoint,
      authFlowType: 'USER_PASSWORD_AUTH',
    };
    const webOptions = { host: LOOPBACK, port: webPort, config, mode: options.webMode, api: api.handle };
    const web = await startWebServer(webOptions);
    stops.push(web.close);
    if (web.url !== webUrl) throw new Error(`The web server is at ${web.url}, not ${webUrl} as config.json says`);


    return {
      webUrl: web.url,
      config,
      dynamodbEndpoint: dynamo.endpoint,
      cognitoEndpoint: cognito.endpoint,
      tables,
      seeded,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
