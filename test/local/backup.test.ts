/**
 * `npm run backup` and `npm run restore`, run as an operator runs them, on a real local cloud's data
 * folder (its database in the run's shared DynamoDB Local): what was written, and the accounts that
 * wrote it, come back after they were lost; a restore refuses while the cloud runs and refuses a bad
 * file without touching anything.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { BatchWriteItemCommand, DeleteItemCommand, DynamoDBClient, ScanCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import type { OwnPost, OwnPostPage } from '../../functions/contract/posts';
import { POSTS_TABLE, TABLES } from '../../functions/store/tables';
import { ensureTables } from '../../infra/local/aws/dynamodb/dynamoDbLocal';
import { call, publish } from '../support/api';
import { startLocalCloudProcess, type LocalCloudProcess } from '../support/localCloud';
import { SHARED_DYNAMODB_ENV } from '../support/sharedDynamo';
import { createUser, signIn } from '../support/users';

const ROOT = resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(join(tmpdir(), 'vaya-dia-backup-'));
// The cloud and the tools name the same database in the shared DynamoDB Local.
const database = {
  DYNAMODB_ENDPOINT: process.env[SHARED_DYNAMODB_ENV] ?? '',
  DYNAMODB_ACCESS_KEY_ID: `backup${randomUUID().replaceAll('-', '')}`,
};
let cloud: LocalCloudProcess | undefined;

afterAll(async () => {
  await cloud?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const start = () => startLocalCloudProcess({ dataDir, env: database });

/** Runs `npm run <script> -- <args>` as a person would, in this folder's data. */
function npmRun(script: 'backup' | 'restore' | 'copy-table', ...args: string[]): Promise<{ code: number; output: string }> {
  const entry = script === 'copy-table' ? 'infra/tools/copyTable.ts' : `infra/local/cli/${script}.ts`;
  return new Promise((done) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', join(ROOT, entry), ...args],
      { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir, ...database }, timeout: 120_000 },
      (error, stdout, stderr) => done({ code: error ? ((error as { code?: number }).code ?? 1) : 0, output: `${stdout}${stderr}` }),
    );
  });
}

const database_ = () =>
  new DynamoDBClient({
    endpoint: database.DYNAMODB_ENDPOINT,
    region: 'eu-west-1',
    credentials: { accessKeyId: database.DYNAMODB_ACCESS_KEY_ID, secretAccessKey: 'local' },
  });

describe('local backups', () => {
  it('brings back the tables and the accounts after they were lost: the account signs in and finds its post', async () => {
    cloud = await start();
    const user = await createUser(cloud, { name: 'Guardadora' });
    const sent = await publish(cloud, user.idToken, { category: 'trabajo', post: 'Lo que no quiero perder de ninguna manera' });
    expect(sent.status).toBe(201);
    const post = sent.body as OwnPost;

    // Neither runs while the cloud does: each says what to do.
    const empty = join(dataDir, 'empty.json');
    writeFileSync(
      empty,
      JSON.stringify({ format: 'vaya-dia-local-backup', version: 1, createdAt: '', tables: {}, cognito: { files: {}, pool: null } }),
    );
    for (const refused of [await npmRun('restore', empty), await npmRun('backup')]) {
      expect(refused.code).not.toBe(0);
      expect(refused.output).toMatch(/The local cloud is running on .*Stop it first \(Ctrl-C in its terminal\)/);
    }
    await cloud.stop();
    cloud = undefined;

    const file = join(dataDir, 'backups', 'before.json');
    const backup = await npmRun('backup', file);
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toContain(`Backup written: ${file}`);
    expect(existsSync(file)).toBe(true);

    // Lost: the post's row and every account.
    const client = database_();
    try {
      await client.send(new DeleteItemCommand({ TableName: 'posts', Key: { id: { S: post.id } } }));
      const { Items } = await client.send(
        new ScanCommand({ TableName: 'posts', FilterExpression: 'id = :id', ExpressionAttributeValues: { ':id': { S: post.id } } }),
      );
      expect(Items).toHaveLength(0);
    } finally {
      client.destroy();
    }
    rmSync(join(dataDir, 'cognito', '.cognito', 'db'), { recursive: true, force: true });

    const restored = await npmRun('restore', file);
    expect(restored.code, restored.output).toBe(0);
    // The account made here and the demo moderator.
    expect(restored.output).toMatch(new RegExp(`Restored .*: \\d+ items in ${Object.keys(TABLES).length} tables, 2 accounts`));
    expect(restored.output).toMatch(/saved first: .*before-restore\.json/);

    cloud = await start();
    const { idToken } = await signIn(cloud, user);
    const mine = await call<OwnPostPage>(cloud, '/me/posts', { token: idToken });
    expect(mine.status).toBe(200);
    expect(mine.body.items.map(({ id, post: text, status }) => ({ id, text, status }))).toEqual([
      { id: post.id, text: post.post, status: 'pending' },
    ]);
    expect((await call<{ name: string }>(cloud, '/me', { token: idToken })).body.name).toBe('Guardadora');
  }, 300_000);

  it('refuses a file that is not a good backup, saying what is wrong, and changes nothing', async () => {
    await cloud?.stop();
    cloud = undefined;
    const notJson = join(dataDir, 'broken.json');
    writeFileSync(notJson, '{"format": "vaya-dia-local-backup", ');
    const broken = await npmRun('restore', notJson);
    expect(broken.code).not.toBe(0);
    expect(broken.output).toMatch(/not a backup: it is not valid JSON/);

    const badItems = join(dataDir, 'bad-items.json');
    writeFileSync(
      badItems,
      JSON.stringify({
        format: 'vaya-dia-local-backup',
        version: 1,
        createdAt: new Date().toISOString(),
        tables: { posts: [{ post: { S: 'sin id' } }], cosas: [] },
        cognito: { files: {}, pool: null },
      }),
    );
    const refused = await npmRun('restore', badItems);
    expect(refused.code).not.toBe(0);
    expect(refused.output).toContain('cannot be restored; nothing was changed');
    expect(refused.output).toContain('item 1 of "posts" has no key "id" of type S');
    expect(refused.output).toContain('the table "cosas" is not one of this site\'s');
    // The accounts are still there.
    expect(existsSync(join(dataDir, 'cognito', '.cognito', 'db', 'clients.json'))).toBe(true);
  }, 120_000);
});

describe('npm run copy-table (the second half of a restore on AWS)', () => {
  it('makes the stack’s table hold exactly the restored table’s items: lost ones back, later ones gone', async () => {
    const client = database_();
    const item = (id: string, post: string) => ({ id: { S: id }, post: { S: post }, status: { S: 'published' } });
    const put = (table: string, items: ReturnType<typeof item>[]) =>
      client.send(new BatchWriteItemCommand({ RequestItems: { [table]: items.map((Item) => ({ PutRequest: { Item } })) } }));
    try {
      await ensureTables(client, [
        { name: 'copy-live', description: POSTS_TABLE },
        { name: 'copy-restored', description: POSTS_TABLE },
      ]);
      // The restored copy: as things were. The live table: one lost, one changed since, one written since.
      await put('copy-restored', [item('a', 'uno'), item('b', 'dos'), item('c', 'tres')]);
      await put('copy-live', [item('a', 'uno'), item('c', 'tres, estropeado'), item('d', 'después')]);

      const copied = await npmRun('copy-table', '--from', 'copy-restored', '--to', 'copy-live');
      expect(copied.code, copied.output).toBe(0);
      expect(copied.output).toContain('copy-live now holds the items of copy-restored: 3 put (unchanged ones write nothing), 1 deleted.');
      const { Items } = await client.send(new ScanCommand({ TableName: 'copy-live' }));
      expect((Items ?? []).map((row) => [row.id?.S, row.post?.S]).sort()).toEqual([
        ['a', 'uno'],
        ['b', 'dos'],
        ['c', 'tres'],
      ]);

      const wrongTable = await npmRun('copy-table', '--from', 'copy-restored', '--to', 'no-such-table');
      expect(wrongTable.code).not.toBe(0);
      expect(wrongTable.output).toMatch(/The copy failed .*no-such-table|The copy failed .*non-existent/i);
    } finally {
      client.destroy();
    }
  }, 120_000);
});
