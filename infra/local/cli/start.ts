/**
 * `npm start`: runs the local cloud in the foreground until Ctrl-C, serving the production build of
 * the web (built first when it is missing or older than its sources: aws/cloudfront/siteBuild.ts);
 * `npm run dev` (`--dev`) serves it through Vite's dev server with hot reload instead.
 * The banner comes first: what the cloud's parts print while it starts is held and printed after it.
 * Environment: PORT (web, 5173), API_PORT (3001), WS_PORT (3002), DYNAMODB_PORT (8000),
 * COGNITO_PORT (9229), TRIGGERS_PORT (9230) — 0 picks a free port; DATA_DIR (.data);
 * WEB_MODE (dev | dist: dist serves web/dist as it is, never building it); SEED=0 skips the sample posts; WARM=0 starts no function before the banner; DYNAMODB_ENDPOINT uses an already running
 * DynamoDB Local instead of starting one, and DYNAMODB_ACCESS_KEY_ID names this cloud's database in it.
 * When started with an IPC channel (tests), it also reports readiness and codes over it.
 */
import { startLocalCloud, type LocalCloud } from '../cloud';
import { JavaMissingError } from '../aws/dynamodb/dynamoDbLocal';
import { buildSite, siteBuildState } from '../aws/cloudfront/siteBuild';

// Development may run on Node 20 while Lambda runs Node 24 (see README). The SDK's reminder is noise here.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

function port(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 65535) throw new Error(`${name} must be a port number, not "${raw}"`);
  return value;
}

const requestedMode = process.argv.includes('--dev') ? 'dev' : process.env.WEB_MODE || undefined;
if (requestedMode !== undefined && requestedMode !== 'dev' && requestedMode !== 'dist') throw new Error('WEB_MODE must be "dev" or "dist"');
const webMode = requestedMode ?? 'dist';

/**
 * Holds what is written to stdout and stderr (the cloud's parts, the functions' threads) until
 * `release`, so the banner is the first thing a newcomer reads; `release` writes `first`, then the rest in order.
 */
function holdOutput(): { release: (first?: string) => void } {
  const held: Array<{ stream: NodeJS.WriteStream; chunk: string | Uint8Array }> = [];
  const originals = new Map<NodeJS.WriteStream, NodeJS.WriteStream['write']>();
  for (const stream of [process.stdout, process.stderr]) {
    const write: NodeJS.WriteStream['write'] = stream.write.bind(stream);
    originals.set(stream, write);
    stream.write = (chunk: string | Uint8Array, ...rest: unknown[]): boolean => {
      held.push({ stream, chunk });
      const done = rest.find((arg): arg is () => void => typeof arg === 'function');
      done?.();
      return true;
    };
  }
  return {
    release(first) {
      for (const [stream, write] of originals) stream.write = write;
      if (first !== undefined) process.stdout.write(first);
      for (const { stream, chunk } of held.splice(0)) stream.write(chunk);
    },
  };
}

const started = Date.now();
let cloud: LocalCloud | undefined;
let stopping = false;

async function shutdown(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping the local cloud…');
  await cloud?.stop();
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));
process.on('disconnect', () => void shutdown(0));

/** What the banner says of the web's files. */
let webLine = 'Vite dev server with hot reload; npm start serves the production build';
let output: ReturnType<typeof holdOutput> | undefined;
try {
  if (webMode === 'dist' && requestedMode === undefined) {
    const state = await siteBuildState();
    if (state.upToDate) webLine = 'production build in web/dist, up to date with the web sources';
    else {
      const building = Date.now();
      console.log(`Building the web site for production (${state.why}; done again only when they change)…`);
      await buildSite(state.hash);
      webLine = `production build in web/dist, built now in ${((Date.now() - building) / 1000).toFixed(1)} s: ${state.why}`;
    }
  } else if (webMode === 'dist') webLine = 'production build in web/dist as it is: WEB_MODE=dist never builds it';
  output = holdOutput();
  cloud = await startLocalCloud({
    dataDir: process.env.DATA_DIR || '.data',
    ports: {
      web: port('PORT', 5173),
      api: port('API_PORT', 3001),
      ws: port('WS_PORT', 3002),
      dynamodb: port('DYNAMODB_PORT', 8000),
      cognito: port('COGNITO_PORT', 9229),
      triggers: port('TRIGGERS_PORT', 9230),
      hostedUi: port('HOSTED_UI_PORT', 9443),
    },
    dynamodb: { endpoint: process.env.DYNAMODB_ENDPOINT || undefined, accessKeyId: process.env.DYNAMODB_ACCESS_KEY_ID || undefined },
    webMode,
    seed: process.env.SEED !== '0',
    // The functions a first visitor reaches start before the banner (WARM=0 skips it: the tests' clouds).
    warm: process.env.WARM !== '0',
    onConfirmationCode: (email, code) => {
      console.log(`Confirmation code for ${email}: ${code}`);
      process.send?.({ type: 'confirmation-code', email, code });
    },
  });
} catch (error) {
  output?.release();
  // A missing Java is said in one line: what is needed and how to install it.
  if (error instanceof JavaMissingError) console.error(error.message);
  else console.error(`The local cloud could not start: ${error instanceof Error ? error.message : String(error)}`);
  await shutdown(1);
}

if (cloud) {
  const { config } = cloud;
  const banner = [
    `Vaya día is running locally (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
    `  Web site        ${cloud.webUrl}  (${webLine})`,
    `  HTTP API        ${config.apiUrl}`,
    `  WebSocket       ${config.wsUrl}`,
    `  Cognito         ${config.userPoolEndpoint}  (pool ${config.userPoolId}, client ${config.userPoolClientId})`,
    `  DynamoDB        ${cloud.dynamodbEndpoint}  (tables ${Object.values(cloud.tables).join(', ')})`,
    ...(cloud.warmed.length > 0 ? [`  Functions       warm: ${cloud.warmed.join(', ')} (the others start on first use)`] : []),
    `  Data            ${process.env.DATA_DIR || '.data'}  (npm run reset wipes it)${cloud.seeded ? `; ${cloud.seeded} sample posts written` : ''}`,
    `  Google sign-in https://${config.oauthDomain}  (simulated hosted UI; its self-signed certificate needs one «proceed» in the browser)`,
    `  Moderator       ${cloud.moderator.email} / ${cloud.moderator.password}  (npm run moderator -- <email> makes another)`,
    'Confirmation codes for new accounts and password resets are printed here. Ctrl-C stops everything.',
  ].join('\n');
  if (output) output.release(`${banner}\n`);
  else console.log(banner);
  process.send?.({
    type: 'ready',
    webUrl: cloud.webUrl,
    config,
    dynamodbEndpoint: cloud.dynamodbEndpoint,
    dynamodbCredentials: cloud.dynamodbCredentials,
    cognitoEndpoint: cloud.cognitoEndpoint,
    connectionsEndpoint: cloud.connectionsEndpoint,
    tables: cloud.tables,
  });
}
