/**
 * `npm run rebuild -- <target> [--aws]`: rebuilds derived data from its source tables, with the same
 * code the deployed stack runs (on AWS, `top` is also the scheduled ReconcileTop function:
 * docs/deploy-and-operate.md). Targets:
 *   top           the Top's rank rows from the posts' counts (functions/domain/rankings.ts rebuildTop)
 *   search        the search index from the published posts (functions/domain/search.ts rebuildSearch; it
 *                 Scans the index table, which only an operator's tool may)
 *   counts        the posts' agree/deserved/comments and the comments' up/down/replyCount, set from
 *                 their rows, each on condition it is still the value read (functions/domain/auditRepair.ts)
 *   names         apodo claims no account holds freed, accounts' missing claims written again
 *   targets       saved rows and notifications of posts that do not exist, deleted
 *                 (the last three Scan their tables, as `npm run audit` does, and are what its --repair runs)
 *   fingerprints  the duplicate check's rows for posts written before fingerprints existed
 *                 (functions/domain/fingerprintBackfill.ts; Queries of the posts' indexes, no Scan; run
 *                 once, and again changes nothing)
 *   comment-threads  «Mejores» places for comments written before the thread index existed
 *                 (functions/store/dynamodb/commentThreadBackfill.ts; a filtered Scan; run once)
 * Which DynamoDB and which tables: infra/tools/derivedData.ts (the local cloud's, or `--aws`).
 */
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { dynamoClient, failure, REBUILDS } from './derivedData';

const target = process.argv.slice(2).find((arg) => !arg.startsWith('--'));
const chosen = target ? REBUILDS[target] : undefined;
if (!chosen) {
  console.error(
    `Usage: npm run rebuild -- <target> [--aws]\n${Object.entries(REBUILDS)
      .map(([name, { what }]) => `  ${name}  ${what}`)
      .join('\n')}`,
  );
  process.exit(2);
}
const client = dynamoClient();
try {
  console.log(`${target}: ${await chosen.run(DynamoDBDocumentClient.from(client))}`);
} catch (error) {
  console.error(failure('The rebuild', error));
  process.exitCode = 1;
} finally {
  client.destroy();
}
