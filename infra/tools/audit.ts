/**
 * `npm run audit [-- --aws] [-- --repair]`: compares every derived table with its source
 * (functions/domain/audit.ts) and prints each kind of drift with its count and a few ids. Exit status 0
 * when clean, 1 on drift (or when the tables cannot be read). `--repair` runs the rebuild of each kind
 * found that has one (the same as `npm run rebuild -- <target>`), names the kinds none clears, and
 * audits again. Which DynamoDB and which tables: infra/tools/derivedData.ts.
 */
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { auditDerivedData, DRIFT_KINDS, repairsFor, type AuditReport, type DriftKind } from '../../functions/domain/audit';
import { DynamoAuditStore } from '../../functions/store/dynamodb/auditStore';
import { dynamoClient, failure, REBUILDS, searchStore, tableName, topRebuildStore } from './derivedData';

const repair = process.argv.includes('--repair');

const audit = (documents: DynamoDBDocumentClient): Promise<AuditReport> =>
  auditDerivedData({
    top: topRebuildStore(documents),
    search: searchStore(documents),
    sources: new DynamoAuditStore(documents, {
      posts: tableName('posts'),
      votes: tableName('votes'),
      comments: tableName('comments'),
      names: tableName('names'),
      saved: tableName('saved'),
      notifications: tableName('notifications'),
    }),
  });

function print(report: AuditReport): boolean {
  console.log(
    `Read: ${Object.entries(report.checked)
      .map(([what, n]) => `${what} ${n}`)
      .join(', ')}`,
  );
  const kinds = Object.keys(report.drift) as DriftKind[];
  if (kinds.length === 0) {
    console.log('No drift: every derived table equals its source.');
    return true;
  }
  for (const kind of kinds) {
    const { count, examples } = report.drift[kind]!;
    console.log(`DRIFT ${kind}: ${count} (${DRIFT_KINDS[kind].means}) e.g. ${examples.join(', ')}`);
  }
  return false;
}

const client = dynamoClient();
const documents = DynamoDBDocumentClient.from(client);
try {
  const report = await audit(documents);
  let clean = print(report);
  if (!clean && repair) {
    const { rebuilds, unrepairable } = repairsFor(report);
    for (const target of rebuilds) console.log(`Repair ${target}: ${await REBUILDS[target]!.run(documents)}`);
    if (unrepairable.length > 0) console.log(`No rebuild clears: ${unrepairable.join(', ')} (see docs/deploy-and-operate.md)`);
    console.log('Audit after the repair:');
    clean = print(await audit(documents));
  }
  process.exitCode = clean ? 0 : 1;
} catch (error) {
  console.error(failure('The audit', error));
  process.exitCode = 1;
} finally {
  client.destroy();
}
