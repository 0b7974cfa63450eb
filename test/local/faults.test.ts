/**
 * The local cloud under hostile input and crashes: nothing a client sends and no kill of a process
 * may take it down, lose an account, or leave a child program running on its own.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { call, listPosts, publish } from '../support/api';
import { startLocalCloudProcess, type LocalCloudProcess } from '../support/localCloud';
import { descendants } from '../support/processes';
import { cognitoClient, createUser, signIn, type TestUser } from '../support/users';

const started: LocalCloudProcess[] = [];
const dataDirs: string[] = [];
afterAll(async () => {
  for (const cloud of started) await cloud.stop();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

/** A data folder that outlives one local cloud, for a restart. */
function keptDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'vaya-dia-faults-'));
  dataDirs.push(dir);
  return dir;
}

async function start(options: Parameters<typeof startLocalCloudProcess>[0] = {}): Promise<LocalCloudProcess> {
  const cloud = await startLocalCloudProcess({ ...options, env: { SEED: '0', ...options.env } });
  started.push(cloud);
  return cloud;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    // A zombie still answers signal 0: look at its state.
    return !/^Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1] ?? '');
  } catch {
    return false;
  }
}

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function exited(cloud: LocalCloudProcess): Promise<void> {
  await until(() => !alive(cloud.pid), 'the local cloud process is gone');
}

describe('hostile WebSocket frames', () => {
  it('closes a client that sends a 129 KB frame or invalid UTF-8, and keeps serving everyone else', async () => {
    const cloud = await start();
    const bystander = new WebSocket(cloud.config.wsUrl);
    await new Promise((resolve, reject) => bystander.once('open', resolve).once('error', reject));

    for (const frame of [Buffer.alloc(129 * 1024, 'a').toString(), Buffer.from([0xc3, 0x28, 0xff])]) {
      const attacker = new WebSocket(cloud.config.wsUrl);
      await new Promise((resolve, reject) => attacker.once('open', resolve).once('error', reject));
      const closed = new Promise<number>((resolve) => attacker.once('close', (code) => resolve(code)));
      attacker.send(frame, { binary: false });
      expect([1009, 1007]).toContain(await closed);
    }

    expect(bystander.readyState).toBe(WebSocket.OPEN);
    expect((await listPosts(cloud)).status).toBe(200);
    bystander.terminate();
  });
});

describe('malformed requests', () => {
  it('answers a malformed percent-encoding in a path with 404, not 500', async () => {
    const cloud = await start();
    const response = await call(cloud, '/posts/%E0%A4%A');
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ error: { code: 'POST_NOT_FOUND' } });
  });
});

describe('crashes', () => {
  it('kills every child program when the local cloud is killed with SIGKILL', async () => {
    const cloud = await start({ ownDynamoDb: true });
    const children = descendants(cloud.pid);
    expect(children.some((child) => child.command.includes('cognito-local'))).toBe(true);
    expect(children.some((child) => child.command.includes('DynamoDBLocal.jar'))).toBe(true);
    process.kill(cloud.pid, 'SIGKILL');
    await exited(cloud);
    for (const child of children) await until(() => !alive(child.pid), `${child.command.slice(0, 60)} is gone`);
  });

  it('loses no account when killed with SIGKILL during sign-ins, and restores a store cut short by a crash', async () => {
    let cloud = await start({ dataDir: keptDataDir() });
    // One at a time: concurrent sign-ups can lose confirmation codes in cognito-local.
    const users: TestUser[] = [];
    for (let i = 0; i < 5; i++) users.push(await createUser(cloud));
    // Sign-ins write cognito-local's store (refresh tokens): kill everything in the middle of them.
    const signIns = Array.from({ length: 20 }, (_, i) => signIn(cloud, users[i % users.length]!).catch(() => undefined));
    await new Promise((resolve) => setTimeout(resolve, 30));
    for (const child of descendants(cloud.pid)) process.kill(child.pid, 'SIGKILL');
    process.kill(cloud.pid, 'SIGKILL');
    await Promise.all(signIns);
    await exited(cloud);

    // And the worst case, deterministically: the pool file cut to nothing mid-write.
    const dbDir = join(cloud.dataDir, 'cognito', '.cognito', 'db');
    const poolFile = readdirSync(dbDir).find((name) => /^[a-z]+_\w+\.json$/.test(name) && name !== 'clients.json')!;
    writeFileSync(join(dbDir, poolFile), '');

    cloud = await start({ dataDir: cloud.dataDir });
    expect(cloud.output()).toContain('restored its last good copy');
    for (const user of users) expect((await signIn(cloud, user)).idToken).toBeTruthy();
  });

  it('refuses to start on a damaged store it cannot restore, saying what to do', async () => {
    const cloud = await start({ dataDir: keptDataDir() });
    await createUser(cloud);
    await cloud.stop();
    const dbDir = join(cloud.dataDir, 'cognito', '.cognito', 'db');
    for (const name of readdirSync(dbDir)) writeFileSync(join(dbDir, name), '{"Users": {');
    await expect(start({ dataDir: cloud.dataDir })).rejects.toThrow(/damaged.*npm run reset/s);
  });

  it('keeps the API serving signed-in users when cognito-local is down (the pool keys are the proxy’s), and answers sign-ins 503', async () => {
    const cloud = await start();
    const user = await createUser(cloud);
    // cognito-local itself, not the guardian that started it (whose arguments name it too).
    const cognito = descendants(cloud.pid).find(
      (child) => child.command.includes('cognito-local/lib/bin/start.js') && !child.command.includes('guardian'),
    )!;
    process.kill(cognito.pid, 'SIGKILL');
    await until(() => cloud.output().includes('cognito-local stopped unexpectedly'), 'the local cloud reports it');

    // The pool's keys are the data folder's, served by the proxy (as Cognito's JWKS stays up on AWS): a valid token still works.
    const response = await publish(cloud, user.idToken, { category: 'varios', post: 'Sin Cognito' });
    expect(response.status).toBe(201);

    const client = cognitoClient(cloud);
    await expect(
      client.send(
        new InitiateAuthCommand({
          ClientId: cloud.userPoolClientId,
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: user.email, PASSWORD: user.password },
        }),
      ),
    ).rejects.toMatchObject({ name: 'ServiceUnavailableException', $metadata: { httpStatusCode: 503 } });
    client.destroy();
  });

  it('restarts DynamoDB Local when it dies, answering 503 SERVICE_UNAVAILABLE meanwhile, then serves again with the data', async () => {
    const cloud = await start({ ownDynamoDb: true });
    const user = await createUser(cloud, { name: 'Superviviente' });
    const published = await publish(cloud, user.idToken, { category: 'varios', post: 'Antes de la caída de la base de datos' });
    expect(published.status).toBe(201);
    const java = descendants(cloud.pid).find((child) => child.command.startsWith('java') && child.command.includes('DynamoDBLocal.jar'))!;
    process.kill(java.pid, 'SIGKILL');
    await until(() => cloud.output().includes('DynamoDB Local stopped unexpectedly'), 'the local cloud reports it');

    // While it is down: the contract's 503, never a bare 500.
    let sawUnavailable = false;
    await until(
      async () => {
        const answer = await call<{ items?: unknown[]; error?: { code: string } }>(cloud, '/me/posts', { token: user.idToken });
        if (answer.status === 503) {
          expect(answer.body).toMatchObject({ error: { code: 'SERVICE_UNAVAILABLE' } });
          sawUnavailable = true;
        } else expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        return answer.status === 200;
      },
      'the API serves again',
      // A new JVM of DynamoDB Local, started while the rest of the suite loads both cores, can take half a minute.
      60_000,
    );
    expect(sawUnavailable).toBe(true);
    expect(cloud.output()).toContain('DynamoDB Local is serving again.');
    const own = await call<{ items: Array<{ post: string }> }>(cloud, '/me/posts', { token: user.idToken });
    expect(own.body.items.map((post) => post.post)).toEqual(['Antes de la caída de la base de datos']);
  }, 120_000);
});
