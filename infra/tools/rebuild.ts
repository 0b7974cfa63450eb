/**
 * `npm run rebuild -- <target>`: rebuilds derived data of the running local cloud from its source
 * tables, with the same code the deployed stack runs (on AWS, `top` is the scheduled ReconcileTop
 * function: docs/deploy-and-operate.md). Targets:
 *   top           the Top's rank rows from the posts' counts (functions/domain/rankings.ts rebuildTop)
 *   search        the search index from the published posts (functions/domain/search.ts rebuildSearch; it
 *                 Scans the index table, which only an operator's tool may)
 *   fingerprints  the duplicate check's rows for posts written before fingerprints existed
 *                 (functions/domain/fingerprintBackfill.ts; Queries of the posts' indexes, no Scan; run
 *                 once, and again changes nothing)
 * It talks to the local cloud's DynamoDB (DYNAMODB_ENDPOINT, else DYNAMODB_PORT on 127.0.0.1, 8000; access
 * key `local` unless DYNAMODB_ACCESS_KEY_ID names another, as for `npm start`), whose tables carry their logical names unless
 * the functions' variables name them (POSTS_TABLE, MODERATION_TABLE, …). With `--aws` it talks to
 * DynamoDB in the AWS account of the operator's own credentials (AWS_REGION / AWS_PROFILE as the AWS CLI),
 * and every table it uses must be named by its variable (docs/deploy-and-operate.md §7).
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { rebuildTop } from '../../functions/domain/rankings';
import { DynamoTopRebuildStore } from '../../functions/store/dynamodb/topRebuildStore';
import { rebuildSearch } from '../../functions/domain/search';
import { DynamoSearchStore } from '../../functions/store/dynamodb/searchStore';
import { backfillFingerprints } from '../../functions/domain/fingerprintBackfill';
import { DynamoFingerprintBackfillStore } from '../../functions/store/dynamodb/fingerprintBackfillStore';
import { ENV, MODERATION_TABLE, POSTS_TABLE, SEARCH_TABLE, TOP_TABLE } from '../../functions/store/tables';

const onAws = process.argv.includes('--aws');

/** A table's name: the functions' variable when set (on AWS it must be), else its logical name (the local cloud's). */
function tableName(table: { logicalName: string }, variable: string): string {
  const named = process.env[variable];
  if (named) return named;
  if (onAws) throw new Error(`--aws needs the table's name in ${variable} (docs/deploy-and-operate.md §7)`);
  return table.logicalName;
}

const TARGETS: Record<string, { what: string; run(documents: DynamoDBDocumentClient): Promise<string> }> = {
  top: {
    what: "the Top's rank rows, from the posts' counts",
    async run(documents) {
      const done = await rebuildTop(
        new DynamoTopRebuildStore(documents, { posts: tableName(POSTS_TABLE, ENV.postsTable), top: tableName(TOP_TABLE, ENV.topTable) }),
      );
      return `${done.published} published posts checked, ${done.rewritten} ranked again, ${done.removed} no longer published taken out, ${done.changedMeanwhile} changed meanwhile (left to the stream)`;
    },
  },
  search: {
    what: 'the search index, from the published posts',
    async run(documents) {
      const done = await rebuildSearch(
        new DynamoSearchStore(documents, {
          search: tableName(SEARCH_TABLE, ENV.searchTable),
          posts: tableName(POSTS_TABLE, ENV.postsTable),
        }),
      );
      return `${done.published} published posts indexed (${done.written} entries written), ${done.removed} stale entries taken out`;
    },
  },
  fingerprints: {
    what: "the duplicate check's fingerprint rows, for posts written before fingerprints existed",
    async run(documents) {
      const done = await backfillFingerprints(
        new DynamoFingerprintBackfillStore(documents, {
          posts: tableName(POSTS_TABLE, ENV.postsTable),
          moderation: tableName(MODERATION_TABLE, ENV.moderationTable),
        }),
      );
      return `${done.checked} published, pending or hidden posts checked, ${done.claimed} fingerprints written, ${done.held} already there, ${done.copies} copies of an older post's text (left to it), ${done.changedMeanwhile} changed meanwhile (run again)`;
    },
  },
};

const target = process.argv.slice(2).find((arg) => !arg.startsWith('--'));
const chosen = target ? TARGETS[target] : undefined;
if (!chosen) {
  console.error(
    `Usage: npm run rebuild -- <target> [--aws]\n${Object.entries(TARGETS)
      .map(([name, { what }]) => `  ${name}  ${what}`)
      .join('\n')}`,
  );
  process.exit(2);
}
const endpoint = onAws ? undefined : process.env.DYNAMODB_ENDPOINT || `http://127.0.0.1:${process.env.DYNAMODB_PORT || '8000'}`;
const client = onAws
  ? new DynamoDBClient({})
  : new DynamoDBClient({
      endpoint,
      region: 'eu-west-1',
      credentials: { accessKeyId: process.env.DYNAMODB_ACCESS_KEY_ID || 'local', secretAccessKey: 'local' },
    });
try {
  console.log(`${target}: ${await chosen.run(DynamoDBDocumentClient.from(client))}`);
} catch (error) {
  console.error(
    onAws
      ? `The rebuild failed on AWS: ${String(error)}`
      : `No local DynamoDB with this site's tables answers at ${endpoint} (start the local cloud first: npm start): ${String(error)}`,
  );
  process.exitCode = 1;
} finally {
  client.destroy();
}
