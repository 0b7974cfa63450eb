/**
 * Cognito for the local cloud: cognito-local as a child process with its data under `dataDir`,
 * behind the proxy of cognitoProxy.ts. Its gaps are made up for here, never in app code: its ID
 * token lacks `name`, so a PreTokenGeneration trigger served by `startTriggers` adds it; and the
 * confirmation code it prints may sit in its log buffer, so codes are read from its user store.
 */
import { existsSync, mkdirSync, readFileSync, unwatchFile, watchFile, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import {
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { PASSWORD_POLICY } from '../../../../functions/contract/accounts';
import { spawnGuarded, type GuardedChild } from '../../process/childProcess';
import { startCognitoProxy } from './cognitoProxy';
import { signingKey } from './signingKey';
import type { LocalCredentials } from '../apigateway/sigv4';
import { guardStore, writeFileAtomically } from './storeGuard';
import { LOOPBACK, closeServer, freePort, listen, readBody, safeHandler } from '../../process/ports';

const require = createRequire(import.meta.url);
export const POOL_NAME = 'vaya-dia';
const CLIENT_NAME = 'vaya-dia-web';
/** Records the pool this data folder belongs to (see ensurePool). */
export const POOL_MARKER = 'vaya-dia-pool.json';

export type LocalCognito = {
  endpoint: string;
  userPoolId: string;
  userPoolClientId: string;
  issuer: string;
  jwksUrl: string;
  close: () => Promise<void>;
};

export type LocalCognitoOptions = {
  dataDir: string;
  port: number;
  triggersPort: number;
  region: string;
  /** The site's web origins: the only pages that may call it from a browser (cognitoProxy.ts). */
  allowedOrigins: readonly string[];
  onConfirmationCode: (email: string, code: string) => void;
  onLog?(line: string): void;
  /** The data folder's administrator credentials (adminCredentials.ts): what the start-up calls sign with. */
  admin: LocalCredentials;
  /** Whose signatures may make administrative calls: the administrator's, the functions'. */
  signers: readonly LocalCredentials[];
};

export async function startCognito(options: LocalCognitoOptions): Promise<LocalCognito> {
  // Clients talk to the proxy on the public port; cognito-local itself listens on a private one.
  const endpoint = `http://${LOOPBACK}:${options.port}`;
  const emulatorPort = await freePort();
  const triggers = await startTriggers(options.triggersPort);
  mkdirSync(join(options.dataDir, '.cognito'), { recursive: true });
  writeFileSync(
    join(options.dataDir, '.cognito', 'config.json'),
    JSON.stringify(
      {
        TriggerFunctions: { PreTokenGeneration: 'local-pre-token-generation' },
        LambdaClient: {
          endpoint: triggers.endpoint,
          region: options.region,
          credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
        },
        TokenConfig: { IssuerDomain: endpoint },
      },
      null,
      2,
    ),
  );

  const dbDir = join(options.dataDir, '.cognito', 'db');
  const store = guardStore(dbDir);
  store.checkOrRestore();
  let closing = false;
  const output: string[] = [];
  const child = spawnGuarded({
    name: 'cognito-local',
    command: process.execPath,
    args: [require.resolve('cognito-local/lib/bin/start.js')],
    cwd: options.dataDir,
    env: { ...process.env, PORT: String(emulatorPort), HOST: LOOPBACK, NO_COLOR: '1', FORCE_COLOR: '0' },
    onLine: (line) => {
      output.push(line);
      options.onLog?.(line);
    },
    onUnexpectedExit: (code) => {
      if (!closing)
        console.error(`cognito-local stopped unexpectedly (exit code ${code}); sign-in answers 503 until npm start is restarted.`);
    },
  });
  const cleanUp = async () => {
    closing = true;
    await child.stop();
    await triggers.close();
  };
  await waitForStart(child, output).catch(async (error: unknown) => {
    await cleanUp();
    throw error;
  });
  const proxy = await startCognitoProxy({
    port: options.port,
    upstreamPort: emulatorPort,
    allowedOrigins: options.allowedOrigins,
    // Made for this data folder: tokens signed with cognito-local's published key are never valid here.
    signing: await signingKey(join(options.dataDir, 'signing-key.json')),
    signers: options.signers,
    afterWrite: () => store.snapshot(),
  }).catch(async (error: unknown) => {
    await cleanUp();
    throw error;
  });

  const client = new CognitoIdentityProviderClient({ endpoint, region: options.region, credentials: options.admin });
  const { userPoolId, userPoolClientId } = await ensurePool(client, join(options.dataDir, '.cognito', POOL_MARKER))
    .catch(async (error: unknown) => {
      await proxy.close();
      await cleanUp();
      throw error;
    })
    .finally(() => client.destroy());
  await store.snapshot();
  const stopWatching = watchConfirmationCodes(join(options.dataDir, '.cognito', 'db', `${userPoolId}.json`), options.onConfirmationCode);
  return {
    endpoint,
    userPoolId,
    userPoolClientId,
    issuer: `${endpoint}/${userPoolId}`,
    jwksUrl: `${endpoint}/${userPoolId}/.well-known/jwks.json`,
    close: async () => {
      stopWatching();
      await proxy.close();
      await cleanUp();
    },
  };
}

function waitForStart(child: GuardedChild, output: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`cognito-local did not start within 30 s:\n${output.join('\n')}`)), 30_000);
    const poll = setInterval(() => {
      if (output.some((line) => line.includes('Cognito Local running on'))) {
        clearTimeout(timer);
        clearInterval(poll);
        resolve();
      }
    }, 20);
    void child.exited.then((code) => {
      clearTimeout(timer);
      clearInterval(poll);
      reject(new Error(`cognito-local exited with code ${code} while starting:\n${output.join('\n')}`));
    });
  });
}

/**
 * Reports each new confirmation code from cognito-local's user store. Its own printout of the code
 * sits in a log buffer until its next log line, so the store is the reliable place to read it.
 */
function watchConfirmationCodes(storeFile: string, report: (email: string, code: string) => void): () => void {
  const reported = new Set<string>();
  let retry: NodeJS.Timeout | undefined;
  const check = () => {
    let users: Record<string, { Attributes?: Array<{ Name: string; Value?: string }>; ConfirmationCode?: string }>;
    try {
      users = (JSON.parse(readFileSync(storeFile, 'utf8')) as { Users?: typeof users }).Users ?? {};
    } catch {
      // Not written yet, or caught mid-write: look again shortly, in case no further write comes.
      retry ??= setTimeout(() => {
        retry = undefined;
        check();
      }, 50);
      return;
    }
    for (const [username, user] of Object.entries(users)) {
      const code = user.ConfirmationCode;
      if (!code || reported.has(`${username}:${code}`)) continue;
      reported.add(`${username}:${code}`);
      report(user.Attributes?.find((attribute) => attribute.Name === 'email')?.Value ?? username, code);
    }
  };
  check();
  watchFile(storeFile, { interval: 100 }, check);
  return () => {
    clearTimeout(retry);
    unwatchFile(storeFile, check);
  };
}

/**
 * The pool and web client, found by name so a restart reuses them (and their users). The pool's id
 * is recorded once created: a recorded pool that has disappeared is an error, never silently
 * replaced by an empty one.
 */
async function ensurePool(
  client: CognitoIdentityProviderClient,
  markerFile: string,
): Promise<{ userPoolId: string; userPoolClientId: string }> {
  const recorded = existsSync(markerFile)
    ? (JSON.parse(readFileSync(markerFile, 'utf8')) as { userPoolId?: string }).userPoolId
    : undefined;
  const pools = await client.send(new ListUserPoolsCommand({ MaxResults: 60 }));
  let userPoolId = pools.UserPools?.find((pool) => pool.Name === POOL_NAME)?.Id;
  if (recorded && userPoolId !== recorded) {
    throw new Error(
      `The local user pool ${recorded} (recorded in ${markerFile}) is missing from cognito-local's store, so its accounts are gone. ` +
        `Put back ${dirname(markerFile)}/db/${recorded}.json from a copy (a .last-good copy is kept beside it), or run \`npm run reset\` to start over with no accounts and no posts.`,
    );
  }
  if (!userPoolId) {
    const created = await client.send(
      new CreateUserPoolCommand({
        PoolName: POOL_NAME,
        UsernameAttributes: ['email'],
        AutoVerifiedAttributes: ['email'],
        // Recorded for fidelity; cognito-local does not enforce it (the register form checks it first).
        Policies: {
          PasswordPolicy: {
            MinimumLength: PASSWORD_POLICY.minLength,
            RequireLowercase: PASSWORD_POLICY.requireLowercase,
            RequireUppercase: PASSWORD_POLICY.requireUppercase,
            RequireNumbers: PASSWORD_POLICY.requireDigits,
            RequireSymbols: PASSWORD_POLICY.requireSymbols,
          },
        },
      }),
    );
    userPoolId = created.UserPool?.Id;
  }
  if (!userPoolId) throw new Error('cognito-local did not create the user pool');
  const clients = await client.send(new ListUserPoolClientsCommand({ UserPoolId: userPoolId, MaxResults: 60 }));
  let userPoolClientId = clients.UserPoolClients?.find((c) => c.ClientName === CLIENT_NAME)?.ClientId;
  if (!userPoolClientId) {
    const created = await client.send(
      new CreateUserPoolClientCommand({
        UserPoolId: userPoolId,
        ClientName: CLIENT_NAME,
        ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      }),
    );
    userPoolClientId = created.UserPoolClient?.ClientId;
  }
  if (!userPoolClientId) throw new Error('cognito-local did not create the app client');
  if (!recorded) writeFileAtomically(markerFile, JSON.stringify({ userPoolId }));
  return { userPoolId, userPoolClientId };
}

/**
 * A minimal Lambda Invoke endpoint for cognito-local's triggers. The only trigger copies the user's
 * `name` attribute into the ID token, as Cognito itself does.
 */
async function startTriggers(port: number): Promise<{ endpoint: string; close(): Promise<void> }> {
  const server = createServer(
    safeHandler('local Cognito triggers', async (req, res) => {
      const body = await readBody(req, 1024 * 1024);
      if (body === 'too-large' || req.method !== 'POST' || !/\/functions\/[^/]+\/invocations$/.test(req.url ?? '')) {
        res.writeHead(404).end();
        return;
      }
      const event = JSON.parse(body.toString('utf8')) as { request?: { userAttributes?: Record<string, string> }; response?: unknown };
      const name = event.request?.userAttributes?.name;
      const response = { claimsOverrideDetails: name ? { claimsToAddOrOverride: { name } } : {} };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ...event, response }));
    }),
  );
  const bound = await listen(server, port);
  return { endpoint: `http://${LOOPBACK}:${bound}`, close: () => closeServer(server) };
}
