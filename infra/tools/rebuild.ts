/**
 * `npm run rebuild -- <target>`: rebuilds derived data of the running local cloud from its source
 * tables, with the same code the deployed stack runs (on AWS, `top` is the scheduled ReconcileTop
 * function: docs/deploy-and-operate.md). Targets:
 *   top     the Top's rank rows from the posts' counts (functions/domain/rankings.ts rebuildTop)
 *   search  the search index from the published posts (functions/domain/search.ts rebuildSearch; it
 *           Scans the index table, which only an operator's tool may)
 * It talks to the local cloud's DynamoDB (DYNAMODB_PORT, 8000; access key `local`), whose tables carry
 * their logical names.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { rebuildTop } from '../../functions/domain/rankings';
import { DynamoTopRebuildStore } from '../../functions/store/dynamodb/topRebuildStore';
import { rebuildSearch } from '../../functions/domain/search';
import { DynamoSearchStore } from '../../functions/store/dynamodb/searchStore';
import { POSTS_TABLE, SEARCH_TABLE, TOP_TABLE } from '../../functions/store/tables';

const TARGETS: Record<string, { what: string; run(documents: DynamoDBDocumentClient): Promise<string> }> = {
  top: {
    what: "the Top's rank rows, from the posts' counts",
    async run(documents) {
      const done = await rebuildTop(new DynamoTopRebuildStore(documents, { posts: POSTS_TABLE.logicalName, top: TOP_TABLE.logicalName }));
      return `${done.published} published posts checked, ${done.rewritten} ranked again, ${done.removed} no longer published taken out, ${done.changedMeanwhile} changed meanwhile (left to the stream)`;
    },
  },
  search: {
    what: 'the search index, from the published posts',
    async run(documents) {
      const done = await rebuildSearch(
        new DynamoSearchStore(documents, { search: SEARCH_TABLE.logicalName, posts: POSTS_TABLE.logicalName }),
      );
      return `${done.published} published posts indexed (${done.written} entries written), ${done.removed} stale entries taken out`;
    },
  },
};

const target = process.argv[2];
const chosen = target ? TARGETS[target] : undefined;
if (!chosen) {
  console.error(
    `Usage: npm run rebuild -- <target>\n${Object.entries(TARGETS)
      .map(([name, { what }]) => `  ${name}  ${what}`)
      .join('\n')}`,
  );
  process.exit(2);
}
const endpoint = `http://127.0.0.1:${process.env.DYNAMODB_PORT || '8000'}`;
const client = new DynamoDBClient({ endpoint, region: 'eu-west-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
try {
  console.log(`${target}: ${await chosen.run(DynamoDBDocumentClient.from(client))}`);
} catch (error) {
  console.error(
    `No local DynamoDB with this site's tables answers at ${endpoint} (start the local cloud first: npm start): ${String(error)}`,
  );
  process.exitCode = 1;
} finally {
  client.destroy();
}
