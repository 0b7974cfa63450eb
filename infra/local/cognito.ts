/**
 * Cognito for the local cloud: cognito-local as a child process with its data under `dataDir`,
 * behind the proxy of cognitoProxy.ts. Its gaps are made up for here, never in app code: its ID
 * token lacks `name`, so a PreTokenGeneration trigger served by `startTriggers` adds it; and the
 * confirmation code it prints may sit in its log buffer, so codes are read from its user store.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, unwatchFile, watchFile, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import {
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { PASSWORD_POLICY } from '../../functions/contract';
import { startCognitoProxy } from './cognitoProxy';
import { LOOPBACK, closeServer, freePort, listen, readBody, safeHandler } from './net';

const require = createRequire(import.meta.url);
const POOL_NAME = 'vaya-dia';
const CLIENT_NAME = 'vaya-dia-web';

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
  onConfirmationCode: (email: string, code: string) => void;
  onLog?(line: string): void;
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

  const child = spawn(process.execPath, [require.resolve('cognito-local/lib/bin/start.js')], {
    cwd: options.dataDir,
    env: { ...process.env, PORT: String(emulatorPort), HOST: LOOPBACK, NO_COLOR: '1', FORCE_COLOR: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // However this process ends, cognito-local must not outlive it.
  const killChild = () => child.kill('SIGKILL');
  process.once('exit', killChild);
  await waitForStart(child, { ...options, port: emulatorPort }).catch(async (error: unknown) => {
    await stopChild(child);
    await triggers.close();
    throw error;
  });
  const proxy = await startCognitoProxy({ port: options.port, upstreamPort: emulatorPort }).catch(async (error: unknown) => {
    await stopChild(child);
    await triggers.close();
    throw error;
  });

  const client = new CognitoIdentityProviderClient({
    endpoint,
    region: options.region,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const { userPoolId, userPoolClientId } = await ensurePool(client)
    .catch(async (error: unknown) => {
      await proxy.close();
      await stopChild(child);
      await triggers.close();
      throw error;
    })
    .finally(() => client.destroy());
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
      await stopChild(child);
      process.off('exit', killChild);
      await triggers.close();
    },
  };
}

function waitForStart(child: ChildProcess, options: LocalCognitoOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('cognito-local did not start within 30 s')), 30_000);
    const onLine = (line: string) => {
      if (line.includes('Cognito Local running on')) {
        clearTimeout(timer);
        resolve();
      }
      options.onLog?.(line);
    };
    splitLines(child.stdout, onLine);
    splitLines(child.stderr, onLine);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`cognito-local exited with code ${code} (is port ${options.port} in use?)`));
    });
  });
}

function splitLines(stream: NodeJS.ReadableStream | null, onLine: (line: string) => void): void {
  let rest = '';
  stream?.setEncoding('utf8');
  stream?.on('data', (chunk: string) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) onLine(stripVTControlCharacters(line).trim());
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

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** The pool and web client, found by name so a restart reuses them (and their users). */
async function ensurePool(client: CognitoIdentityProviderClient): Promise<{ userPoolId: string; userPoolClientId: string }> {
  const pools = await client.send(new ListUserPoolsCommand({ MaxResults: 60 }));
  let userPoolId = pools.UserPools?.find((pool) => pool.Name === POOL_NAME)?.Id;
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
