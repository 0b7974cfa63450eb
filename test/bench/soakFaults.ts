/**
 * Figure 12's faults and its audit: the local cloud killed with SIGKILL and started again on the same data
 * folder and the same ports (as an operator restarts it), DynamoDB Local's JVM killed with SIGKILL (the
 * local cloud starts it again by itself), and `npm run audit` run against the soak's own tables.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { TABLES, type TableName } from '../../functions/store/tables';
import type { DriftKind } from '../../functions/domain/audit';
import { startLocalCloudProcess, type LocalCloudProcess, type StartOptions } from '../support/localCloud';
import { descendants } from '../support/processes';

const ROOT = resolve(import.meta.dirname, '../..');

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    // A zombie still answers signal 0: look at its state.
    return !/^Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1] ?? '');
  } catch {
    return false;
  }
}

/** Polls `check` until it holds; throws after `timeoutMs`. */
export async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs / 1000} s waiting until ${what}`);
    await new Promise((done) => setTimeout(done, 50));
  }
}

/** Free loopback ports, one per name: the restarted cloud takes the same ones, so clients keep their URLs and tokens (the issuer names the Cognito port). */
export async function freePorts<N extends string>(names: readonly N[]): Promise<Record<N, number>> {
  const ports = {} as Record<N, number>;
  const servers = [];
  for (const name of names) {
    const server = createServer();
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    ports[name] = (server.address() as { port: number }).port;
    servers.push(server);
  }
  // Held together until all are chosen, so no two names get the same port.
  for (const server of servers) await new Promise((done) => server.close(done));
  return ports;
}

/** What a fault cost: from the kill to serving again (the cloud's ready message, or its log line for DynamoDB Local). */
export type FaultRecord = { kind: 'cloud' | 'dynamodb'; atMs: number; downMs: number; recovered: boolean; note?: string };

/**
 * `kill -9` of the local cloud's process, as a crash or an impatient operator would; its children (cognito-local,
 * the JVM) must follow it by themselves; any that do not within 15 s are killed too and named in the note.
 * Then the same start on the same data folder, waiting for its ready message as the tests do.
 */
export async function killCloud(cloud: LocalCloudProcess, start: StartOptions): Promise<{ cloud: LocalCloudProcess; note?: string }> {
  const children = descendants(cloud.pid);
  process.kill(cloud.pid, 'SIGKILL');
  await until(() => !alive(cloud.pid), 'the killed local cloud is gone', 15_000);
  let note: string | undefined;
  try {
    await until(() => children.every((child) => !alive(child.pid)), "the killed cloud's children are gone", 15_000);
  } catch {
    const left = children.filter((child) => alive(child.pid));
    note = `left running after the kill: ${left.map((child) => child.command.slice(0, 60)).join('; ')}`;
    for (const child of left) process.kill(child.pid, 'SIGKILL');
  }
  return { cloud: await startLocalCloudProcess({ ...start, readyTimeoutMs: 300_000 }), ...(note ? { note } : {}) };
}

/** `kill -9` of DynamoDB Local's JVM; resolves once the local cloud says it serves again. */
export async function killDynamoDb(cloud: LocalCloudProcess): Promise<void> {
  const java = descendants(cloud.pid).find((child) => child.command.startsWith('java') && child.command.includes('DynamoDBLocal.jar'));
  if (!java) throw new Error('no DynamoDB Local of its own under the local cloud');
  const from = cloud.output().length;
  process.kill(java.pid, 'SIGKILL');
  await until(() => cloud.output().slice(from).includes('DynamoDB Local is serving again.'), 'DynamoDB Local serves again', 120_000);
}

export type AuditRun = { clean: boolean; drift: Partial<Record<DriftKind, number>>; output: string };

/** `npm run audit` as the operator runs it, against this cloud's DynamoDB and tables. */
export async function runAudit(cloud: LocalCloudProcess): Promise<AuditRun> {
  const client = cloud.dynamodb();
  const credentials = await client.config.credentials();
  client.destroy();
  const tables = Object.fromEntries((Object.keys(TABLES) as TableName[]).map((name) => [TABLES[name].env, cloud.tables[name]]));
  const child = spawn(process.execPath, ['--import', 'tsx', 'infra/tools/audit.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...tables,
      DYNAMODB_ENDPOINT: cloud.dynamodbEndpoint,
      DYNAMODB_ACCESS_KEY_ID: credentials.accessKeyId,
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((done) => child.on('close', done));
  const drift: AuditRun['drift'] = {};
  for (const match of output.matchAll(/^DRIFT ([\w.]+): (\d+)/gm)) drift[match[1] as DriftKind] = Number(match[2]);
  if (code !== 0 && Object.keys(drift).length === 0) throw new Error(`npm run audit failed (exit ${code}): ${output.slice(0, 400)}`);
  return { clean: code === 0, drift, output };
}
