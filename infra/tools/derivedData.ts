/**
 * What `npm run rebuild` and `npm run audit` share: the DynamoDB they talk to, the tables' names, and
 * the rebuilds of derived data (the same domain code the deployed stack runs).
 *
 * Locally: the local cloud's DynamoDB (DYNAMODB_ENDPOINT, else DYNAMODB_PORT on 127.0.0.1, 8000; access
 * key `local` unless DYNAMODB_ACCESS_KEY_ID names another, as for `npm start`), whose tables carry their
 * logical names unless the functions' variables name them (POSTS_TABLE, MODERATION_TABLE, …). With
 * `--aws`: DynamoDB in the AWS account of the operator's own credentials (AWS_REGION / AWS_PROFILE as the
 * AWS CLI), and every table used must be named by its variable (docs/deploy-and-operate.md §7).
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { rebuildTop } from '../../functions/domain/rankings';
import { DynamoTopRebuildStore } from '../../functions/store/dynamodb/topRebuildStore';
import { rebuildSearch } from '../../functions/domain/search';
import { DynamoSearchStore } from '../../functions/store/dynamodb/searchStore';
import { backfillFingerprints } from '../../functions/domain/fingerprintBackfill';
import { DynamoFingerprintBackfillStore } from '../../functions/store/dynamodb/fingerprintBackfillStore';
import { TABLES, type TableName } from '../../functions/store/tables';
import { backfillCommentThreads } from '../../functions/store/dynamodb/commentThreadBackfill';
import { DynamoAuditStore } from '../../functions/store/dynamodb/auditStore';
import { repairCounts, repairNames, repairTargets, type RepairDone } from '../../functions/domain/auditRepair';

export const onAws = process.argv.includes('--aws');

/** A table's name: the functions' variable when set (on AWS it must be), else its logical name (the local cloud's). */
export function tableName(table: TableName): string {
  const { description, env } = TABLES[table];
  const named = process.env[env];
  if (named) return named;
  if (onAws) throw new Error(`--aws needs the table's name in ${env} (docs/deploy-and-operate.md §7)`);
  return description.logicalName;
}

export const localEndpoint = process.env.DYNAMODB_ENDPOINT || `http://127.0.0.1:${process.env.DYNAMODB_PORT || '8000'}`;

/** The DynamoDB client of the chosen side (destroy it when done). */
export function dynamoClient(): DynamoDBClient {
  return onAws
    ? new DynamoDBClient({})
    : new DynamoDBClient({
        endpoint: localEndpoint,
        region: 'eu-west-1',
        credentials: { accessKeyId: process.env.DYNAMODB_ACCESS_KEY_ID || 'local', secretAccessKey: 'local' },
      });
}

/** What to print when the tool's first read or write fails. */
export function failure(what: string, error: unknown): string {
  return onAws
    ? `${what} failed on AWS: ${String(error)}`
    : `No local DynamoDB with this site's tables answers at ${localEndpoint} (start the local cloud first: npm start): ${String(error)}`;
}

export const topRebuildStore = (documents: DynamoDBDocumentClient) =>
  new DynamoTopRebuildStore(documents, { posts: tableName('posts'), top: tableName('top') });

export const searchStore = (documents: DynamoDBDocumentClient) =>
  new DynamoSearchStore(documents, { search: tableName('search'), posts: tableName('posts') });

/** The audit's reads and its repairs' writes, on every table the audit compares. */
export const auditStore = (documents: DynamoDBDocumentClient) =>
  new DynamoAuditStore(documents, {
    posts: tableName('posts'),
    votes: tableName('votes'),
    comments: tableName('comments'),
    commentVotes: tableName('commentVotes'),
    names: tableName('names'),
    saved: tableName('saved'),
    notifications: tableName('notifications'),
  });

/** A repair's line: what it wrote, what changed meanwhile, and what it left for a person. */
const repaired = (done: RepairDone, what: string) =>
  `${done.fixed} ${what}, ${done.changedMeanwhile} changed meanwhile (audit again)` +
  (done.left.length > 0 ? `; left for a person: ${done.left.join('; ')}` : '');

/** The rebuilds of derived data, by target name. */
export const REBUILDS: Record<string, { what: string; run(documents: DynamoDBDocumentClient): Promise<string> }> = {
  top: {
    what: "the Top's rank rows, from the posts' counts",
    async run(documents) {
      const done = await rebuildTop(topRebuildStore(documents));
      return `${done.published} published posts checked, ${done.rewritten} ranked again, ${done.removed} no longer published taken out, ${done.changedMeanwhile} changed meanwhile (left to the stream)`;
    },
  },
  search: {
    what: 'the search index, from the published posts',
    async run(documents) {
      const done = await rebuildSearch(searchStore(documents));
      return `${done.published} published posts indexed (${done.written} entries written), ${done.removed} stale entries taken out`;
    },
  },
  counts: {
    what: "the posts' and comments' counters (votes, comments, replies), from their rows",
    async run(documents) {
      return repaired(await repairCounts(auditStore(documents)), 'counters set from their rows');
    },
  },
  names: {
    what: 'the apodo claims, against the accounts that hold them',
    async run(documents) {
      return repaired(await repairNames(auditStore(documents), new Date()), 'claims freed or written again');
    },
  },
  targets: {
    what: 'saved rows and notifications of posts that do not exist (deleted)',
    async run(documents) {
      return repaired(await repairTargets(auditStore(documents)), 'rows of posts that do not exist deleted');
    },
  },
  fingerprints: {
    what: "the duplicate check's fingerprint rows, for posts written before fingerprints existed",
    async run(documents) {
      const done = await backfillFingerprints(
        new DynamoFingerprintBackfillStore(documents, { posts: tableName('posts'), moderation: tableName('moderation') }),
      );
      return `${done.checked} published, pending or hidden posts checked, ${done.claimed} fingerprints written, ${done.held} already there, ${done.copies} copies of an older post's text (left to it), ${done.changedMeanwhile} changed meanwhile (run again)`;
    },
  },
  'comment-threads': {
    what: '«Mejores» places for comments written before the thread index existed (once)',
    async run(documents) {
      const done = await backfillCommentThreads(documents, tableName('comments'));
      return `${done.placed} visible comments placed in their threads, ${done.changedMeanwhile} changed meanwhile (left as they are)`;
    },
  },
};
