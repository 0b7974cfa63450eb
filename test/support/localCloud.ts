/**
 * Starts the real local cloud (`infra/local/cli/start.ts`) as a child process on free loopback ports,
 * with its own data folder, exactly as `npm start` runs it. Always `stop()` it (afterAll).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { RuntimeConfig } from '../../functions/contract/documents';
import type { TableName } from '../../infra/functions';
import { SHARED_DYNAMODB_ENV } from './sharedDynamo';

export type LocalCloudProcess = {
  webUrl: string;
  config: RuntimeConfig;
  cognitoEndpoint: string;
  /** The WebSocket API's @connections endpoint, on its own loopback port (signed calls only). */
  connectionsEndpoint: string;
  dynamodbEndpoint: string;
  /** A client of this cloud's own database (destroy it after use). */
  dynamodb(): DynamoDBClient;
  userPoolId: string;
  userPoolClientId: string;
  tables: Record<TableName, string>;
  dataDir: string;
  /** The local cloud's process id. */
  pid: number;
  /** Everything the process printed so far. */
  output(): string;
  /** The code cognito-local printed for this address (waits up to 10 s for it). */
  confirmationCode(email: string): Promise<string>;
  /** Forgets the code known for this address, so the next confirmationCode waits for a new one (a password reset). */
  forgetCode(email: string): void;
  /** Stops the process; the data folder is removed unless it was passed in. */
  stop(): Promise<void>;
};

/**
 * The lines of a stretch of a local cloud's output that report an error, a warning, a timeout or a failure
 * (each cut to 400 characters): what a test or a benchmark prints when something it waited for did not come.
 */
export function errorsAndWarnings(output: string): string[] {
  return output
    .split('\n')
    .filter((line) => /error|warn|timed out|failure/i.test(line))
    .map((line) => line.slice(0, 400));
}

export type StartOptions = {
  /** How long it may take to say it is ready (a start that builds the web takes longer). @default 60 s */
  readyTimeoutMs?: number;
  /** Reuse a data folder (e.g. across a restart); it is then left in place on stop. */
  dataDir?: string;
  /**
   * Start a DynamoDB Local of its own, with its data in the data folder, instead of using the one the
   * test run shares (a restart test needs the data on disk). @default false
   */
  ownDynamoDb?: boolean;
  env?: Record<string, string>;
};

type ReadyMessage = {
  type: 'ready';
  webUrl: string;
  config: RuntimeConfig;
  dynamodbEndpoint: string;
  dynamodbCredentials: { accessKeyId: string; secretAccessKey: string };
  cognitoEndpoint: string;
  connectionsEndpoint: string;
  tables: LocalCloudProcess['tables'];
};
type CodeMessage = { type: 'confirmation-code'; email: string; code: string };

const ROOT = resolve(import.meta.dirname, '../..');

export async function startLocalCloudProcess(options: StartOptions = {}): Promise<LocalCloudProcess> {
  const ownsDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'vaya-dia-'));
  const codes = new Map<string, string>();
  const codeWaiters = new Map<string, (code: string) => void>();
  let output = '';

  const child: ChildProcess = fork(join(ROOT, 'infra/local/cli/start.ts'), [], {
    cwd: ROOT,
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      // Tests start many clouds: their functions start on first use (a test that needs them warm says so).
      WARM: '0',
      PORT: '0',
      API_PORT: '0',
      WS_PORT: '0',
      DYNAMODB_PORT: '0',
      COGNITO_PORT: '0',
      TRIGGERS_PORT: '0',
      HOSTED_UI_PORT: '0',
      // Vite's dev server, which starts without a build (`npm start` serves the production build,
      // built when stale): a test that wants the build says WEB_MODE=dist, served as it is.
      WEB_MODE: 'dev',
      // The run's shared DynamoDB Local (test/support/sharedDynamo.ts), a database of this cloud's own in it.
      DYNAMODB_ENDPOINT: options.ownDynamoDb ? '' : (process.env[SHARED_DYNAMODB_ENV] ?? ''),
      // DynamoDB Local takes access keys of letters and digits only.
      DYNAMODB_ACCESS_KEY_ID: options.ownDynamoDb ? '' : `test${randomUUID().replaceAll('-', '')}`,
      ...options.env,
    },
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));

  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    if (ownsDataDir) rmSync(dataDir, { recursive: true, force: true });
  };

  const ready = await new Promise<ReadyMessage>((resolveReady, reject) => {
    const limit = options.readyTimeoutMs ?? 60_000;
    const timer = setTimeout(() => reject(new Error(`local cloud did not start in ${limit / 1000} s:\n${output}`)), limit);
    child.on('message', (message: ReadyMessage | CodeMessage) => {
      if (message.type === 'ready') {
        clearTimeout(timer);
        resolveReady(message);
      } else if (message.type === 'confirmation-code') {
        codes.set(message.email, message.code);
        codeWaiters.get(message.email)?.(message.code);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`local cloud exited with code ${code}:\n${output}`));
    });
  }).catch(async (error) => {
    await stop();
    throw error;
  });

  return {
    webUrl: ready.webUrl,
    config: ready.config,
    cognitoEndpoint: ready.cognitoEndpoint,
    connectionsEndpoint: ready.connectionsEndpoint,
    dynamodbEndpoint: ready.dynamodbEndpoint,
    dynamodb: () =>
      new DynamoDBClient({ endpoint: ready.dynamodbEndpoint, region: ready.config.region, credentials: ready.dynamodbCredentials }),
    userPoolId: ready.config.userPoolId,
    userPoolClientId: ready.config.userPoolClientId,
    tables: ready.tables,
    dataDir,
    pid: child.pid ?? 0,
    output: () => output,
    confirmationCode: (email) => {
      const known = codes.get(email);
      if (known) return Promise.resolve(known);
      // Generous: a fresh cloud's first sign-ups start the local Cognito's message trigger cold, a CI run
      // (e2e: two sign-ups at once, browsers beside them) once took over 10 s, and twenty sign-ups at once
      // (duplicates.test.ts) twice passed 30 s on a machine shared with other work.
      return new Promise((resolveCode, reject) => {
        const timer = setTimeout(() => reject(new Error(`no confirmation code for ${email} in 90 s`)), 90_000);
        codeWaiters.set(email, (code) => {
          clearTimeout(timer);
          resolveCode(code);
        });
      });
    },
    forgetCode: (email) => {
      codes.delete(email);
    },
    stop,
  };
}
