/**
 * Backups of a local cloud's data folder, in one JSON file: every item of every DynamoDB table (read
 * through the SDK from a DynamoDB Local started on the folder's database, never by copying the JVM's
 * files, whose format is DynamoDB Local's own business) and cognito-local's store (the pools' files,
 * with their accounts), with the simulated Google accounts of the hosted UI. `npm run backup` writes
 * one (cli/backup.ts), `npm run restore` puts one back (cli/restore.ts); both refuse while a local
 * cloud uses the folder (process/runningMark.ts).
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import {
  BatchWriteItemCommand,
  DeleteTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  ScanCommand,
  type AttributeValue,
} from '@aws-sdk/client-dynamodb';
import { TABLES, type TableDescription, type TableName } from '../../functions/store/tables';
import { POOL_MARKER } from './aws/cognito/cognitoLocal';
import { writeFileAtomically } from './aws/cognito/storeGuard';
import { ensureTables, startDynamo } from './aws/dynamodb/dynamoDbLocal';
import { runningIn } from './process/runningMark';

export const BACKUP_FORMAT = 'vaya-dia-local-backup';
export const BACKUP_VERSION = 1;
const REGION = 'eu-west-1';

/** An item as DynamoDB's JSON has it (`{ "id": { "S": "…" } }`), binary values in base64. */
type JsonItem = Record<string, Record<string, unknown>>;

export type Backup = {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  createdAt: string;
  /** Items by table name (the local cloud's tables carry their logical names). */
  tables: Record<string, JsonItem[]>;
  /** cognito-local's store: its files by name (`<pool id>.json`, `clients.json`), and the pool the site uses. */
  cognito: { files: Record<string, unknown>; pool: unknown };
  /** The hosted UI's simulated Google accounts (their secret passwords), when there are any. */
  googleAccounts?: unknown;
};

/** Where each part lives in a data folder (infra/local/cloud.ts and its stand-ins say the same). */
const paths = (dataDir: string) => ({
  cognitoDb: join(dataDir, 'cognito', '.cognito', 'db'),
  poolMarker: join(dataDir, 'cognito', '.cognito', POOL_MARKER),
  googleAccounts: join(dataDir, 'hosted-ui', 'google-accounts.json'),
  streamCheckpoints: join(dataDir, 'streams'),
});

/** A refusal or a bad file, said for the person who ran the command (no stack trace). */
export class BackupError extends Error {}

export function refuseWhileRunning(dataDir: string, command: string): void {
  const pid = runningIn(dataDir);
  if (pid !== undefined)
    throw new BackupError(
      `The local cloud is running on ${dataDir} (npm start, process ${pid}). Stop it first (Ctrl-C in its terminal), then run ${command} again.`,
    );
}

/** The default file of a new backup: `<data folder>/backups/vaya-dia-<time>.json`. */
export function defaultBackupFile(dataDir: string, now = new Date()): string {
  return join(
    dataDir,
    'backups',
    `vaya-dia-${now
      .toISOString()
      .replaceAll(':', '-')
      .replace(/\.\d+Z$/, 'Z')}.json`,
  );
}

/**
 * The folder's database: the DynamoDB Local named by DYNAMODB_ENDPOINT (and DYNAMODB_ACCESS_KEY_ID), as
 * `npm start` uses it, or else one started here on `<data folder>/dynamodb` for as long as `use` runs.
 */
export async function withDatabase<T>(dataDir: string, use: (client: DynamoDBClient) => Promise<T>): Promise<T> {
  const external = process.env.DYNAMODB_ENDPOINT || undefined;
  const dynamo = external
    ? { endpoint: external, close: async () => {} }
    : await startDynamo({ dataDir: join(dataDir, 'dynamodb'), port: 0 });
  const client = new DynamoDBClient({
    endpoint: dynamo.endpoint,
    region: REGION,
    credentials: { accessKeyId: process.env.DYNAMODB_ACCESS_KEY_ID || 'local', secretAccessKey: 'local' },
  });
  try {
    return await use(client);
  } finally {
    client.destroy();
    await dynamo.close();
  }
}

/** Reads everything a backup holds from a data folder whose cloud is stopped. */
export async function readBackup(dataDir: string, client: DynamoDBClient, now = new Date()): Promise<Backup> {
  const tables: Backup['tables'] = {};
  for (const name of (await client.send(new ListTablesCommand({}))).TableNames ?? []) {
    const items: JsonItem[] = [];
    let start: Record<string, AttributeValue> | undefined;
    do {
      const page = await client.send(new ScanCommand({ TableName: name, ExclusiveStartKey: start }));
      for (const item of page.Items ?? []) items.push(encodeItem(item));
      start = page.LastEvaluatedKey;
    } while (start);
    tables[name] = items;
  }
  const where = paths(dataDir);
  const files: Record<string, unknown> = {};
  if (existsSync(where.cognitoDb)) {
    for (const file of readdirSync(where.cognitoDb).filter((name) => name.endsWith('.json')))
      files[file] = JSON.parse(readFileSync(join(where.cognitoDb, file), 'utf8')) as unknown;
  }
  return {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    createdAt: now.toISOString(),
    tables,
    cognito: { files, pool: existsSync(where.poolMarker) ? (JSON.parse(readFileSync(where.poolMarker, 'utf8')) as unknown) : null },
    ...(existsSync(where.googleAccounts) ? { googleAccounts: JSON.parse(readFileSync(where.googleAccounts, 'utf8')) as unknown } : {}),
  };
}

export function writeBackupFile(file: string, backup: Backup): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileAtomically(file, JSON.stringify(backup));
}

/** How many items and accounts a backup holds, for the line a command prints. */
export function summary(backup: Backup): string {
  const items = Object.values(backup.tables).reduce((sum, list) => sum + list.length, 0);
  return `${items} items in ${Object.keys(backup.tables).length} tables, ${accountsIn(backup)} accounts`;
}

function accountsIn(backup: Backup): number {
  return Object.values(backup.cognito.files).reduce<number>((sum, file) => {
    const users = (file as { Users?: unknown } | null)?.Users;
    return sum + (typeof users === 'object' && users !== null ? Object.keys(users).length : 0);
  }, 0);
}

/**
 * Reads and checks a backup file: every problem found (up to ten) in one error, so nothing is
 * touched until the whole file is known good.
 */
export function parseBackupFile(file: string): Backup {
  if (!existsSync(file)) throw new BackupError(`There is no file ${file}.`);
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new BackupError(`${file} is not a backup: it is not valid JSON (${error instanceof Error ? error.message : String(error)}).`);
  }
  const backup = value as Partial<Backup> | null;
  if (typeof backup !== 'object' || backup === null || backup.format !== BACKUP_FORMAT)
    throw new BackupError(`${file} is not a backup made by npm run backup (no "format": "${BACKUP_FORMAT}").`);
  if (backup.version !== BACKUP_VERSION)
    throw new BackupError(
      `${file} is a backup of version ${String(backup.version)}; this version of the site reads version ${BACKUP_VERSION}.`,
    );
  const problems: string[] = [];
  if (typeof backup.tables !== 'object' || backup.tables === null) problems.push('it has no "tables"');
  else {
    const known = new Map<string, TableDescription>(Object.values(TABLES).map(({ description }) => [description.logicalName, description]));
    for (const [table, items] of Object.entries(backup.tables)) {
      const description = known.get(table);
      if (!description) problems.push(`the table "${table}" is not one of this site's (${[...known.keys()].join(', ')})`);
      else if (!Array.isArray(items)) problems.push(`the table "${table}" is not a list of items`);
      else items.forEach((item, index) => problems.push(...itemProblems(table, index, item, description)));
    }
  }
  const cognito = backup.cognito as Partial<Backup['cognito']> | undefined;
  if (typeof cognito?.files !== 'object' || cognito.files === null) problems.push('it has no "cognito" store');
  else
    for (const name of Object.keys(cognito.files))
      if (!/^[\w-]+\.json$/.test(name)) problems.push(`the Cognito store file name "${name}" is not one cognito-local writes`);
  if (problems.length > 0) {
    const shown = problems.slice(0, 10);
    throw new BackupError(
      `${file} cannot be restored; nothing was changed:\n${shown.map((problem) => `  - ${problem}`).join('\n')}${problems.length > shown.length ? `\n  … and ${problems.length - shown.length} more` : ''}`,
    );
  }
  return backup as Backup;
}

const TYPES = new Set(['S', 'N', 'B', 'SS', 'NS', 'BS', 'M', 'L', 'NULL', 'BOOL']);

function itemProblems(table: string, index: number, item: unknown, description: TableDescription): string[] {
  const where = `item ${index + 1} of "${table}"`;
  if (typeof item !== 'object' || item === null || Array.isArray(item)) return [`${where} is not an item`];
  const attributes = item as Record<string, unknown>;
  const problems: string[] = [];
  for (const key of [description.partitionKey, ...(description.sortKey ? [description.sortKey] : [])]) {
    const value = attributes[key.name] as Record<string, unknown> | undefined;
    if (typeof value?.[key.type] !== 'string') problems.push(`${where} has no key "${key.name}" of type ${key.type}`);
  }
  for (const [name, value] of Object.entries(attributes)) {
    const types = typeof value === 'object' && value !== null ? Object.keys(value) : [];
    if (types.length !== 1 || !TYPES.has(types[0]!))
      problems.push(`${where}: "${name}" is not a DynamoDB value ({ "S": … }, { "N": … }, …)`);
  }
  return problems;
}

/**
 * Puts a backup in place of what a stopped cloud's data folder holds: each of the site's tables made
 * again (so its indexes are this version's) and filled with the backup's items, and cognito-local's
 * store replaced by the backup's. The stream checkpoints go too: the tables are new, with new
 * streams, and what the restore wrote to them is not news for the stream functions (the derived
 * tables are restored with the rest), so the next start reads each stream from its latest record.
 */
export async function restoreBackup(dataDir: string, client: DynamoDBClient, backup: Backup): Promise<void> {
  const existing = new Set((await client.send(new ListTablesCommand({}))).TableNames ?? []);
  const names = Object.keys(TABLES) as TableName[];
  for (const name of names) {
    const table = TABLES[name].description.logicalName;
    if (existing.has(table)) await client.send(new DeleteTableCommand({ TableName: table }));
  }
  await ensureTables(
    client,
    names.map((name) => ({ name: TABLES[name].description.logicalName, description: TABLES[name].description })),
  );
  for (const [table, items] of Object.entries(backup.tables)) {
    for (let start = 0; start < items.length; start += 25) {
      let requests: Record<string, Array<{ PutRequest: { Item: Record<string, AttributeValue> } }>> | undefined = {
        [table]: items.slice(start, start + 25).map((item) => ({ PutRequest: { Item: decodeItem(item) } })),
      };
      while (requests && Object.keys(requests).length > 0) {
        const answer = await client.send(new BatchWriteItemCommand({ RequestItems: requests }));
        requests = answer.UnprocessedItems as typeof requests;
      }
    }
  }

  const where = paths(dataDir);
  rmSync(where.cognitoDb, { recursive: true, force: true });
  mkdirSync(where.cognitoDb, { recursive: true });
  for (const [file, content] of Object.entries(backup.cognito.files))
    writeFileAtomically(join(where.cognitoDb, file), JSON.stringify(content, null, 2));
  if (backup.cognito.pool) writeFileAtomically(where.poolMarker, JSON.stringify(backup.cognito.pool));
  else rmSync(where.poolMarker, { force: true });
  if (backup.googleAccounts !== undefined) {
    mkdirSync(dirname(where.googleAccounts), { recursive: true });
    writeFileAtomically(where.googleAccounts, JSON.stringify(backup.googleAccounts));
  } else rmSync(where.googleAccounts, { force: true });
  rmSync(where.streamCheckpoints, { recursive: true, force: true });
}

/** DynamoDB's JSON with binary values (Uint8Array) as base64 strings, which JSON can hold. */
function encodeValue(value: AttributeValue): Record<string, unknown> {
  if (value.B) return { B: Buffer.from(value.B).toString('base64') };
  if (value.BS) return { BS: value.BS.map((bytes) => Buffer.from(bytes).toString('base64')) };
  if (value.L) return { L: value.L.map(encodeValue) };
  if (value.M) return { M: encodeItem(value.M) };
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));
}

function encodeItem(item: Record<string, AttributeValue>): JsonItem {
  return Object.fromEntries(Object.entries(item).map(([name, value]) => [name, encodeValue(value)]));
}

function decodeValue(value: Record<string, unknown>): AttributeValue {
  if (typeof value.B === 'string') return { B: Buffer.from(value.B, 'base64') };
  if (Array.isArray(value.BS)) return { BS: (value.BS as string[]).map((text) => Buffer.from(text, 'base64')) };
  if (Array.isArray(value.L)) return { L: (value.L as Array<Record<string, unknown>>).map(decodeValue) };
  if (typeof value.M === 'object' && value.M !== null) return { M: decodeItem(value.M as JsonItem) };
  return value as unknown as AttributeValue;
}

function decodeItem(item: JsonItem): Record<string, AttributeValue> {
  return Object.fromEntries(Object.entries(item).map(([name, value]) => [name, decodeValue(value)]));
}
