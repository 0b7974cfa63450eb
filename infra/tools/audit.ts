/**
 * `npm run audit [-- --aws] [-- --repair]`: compares every derived table with its source
 * (functions/domain/audit.ts) and prints each kind of drift with its count and a few ids. Exit status 0
 * when clean, 1 on drift (or when the tables cannot be read). `--repair` runs the rebuild of each kind
 * found (the same as `npm run rebuild -- <target>`: top, search, counts, names, targets), then audits
 * again. Which DynamoDB and which tables: infra/tools/derivedData.ts.
 */
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { auditDerivedData, DRIFT_KINDS, repairsFor, type AuditReport, type DriftKind } from '../../functions/domain/audit';
import { auditStore, dynamoClient, failure, REBUILDS, searchStore, topRebuildStore } from './derivedData';

const repair = process.argv.includes('--repair');

const audit = (documents: DynamoDBDocumentClient): Promise<AuditReport> =>
  auditDerivedData({
    top: topRebuildStore(documents),
    search: searchStore(documents),
    sources: auditStore(documents),
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
    for (const target of repairsFor(report)) console.log(`Repair ${target}: ${await REBUILDS[target]!.run(documents)}`);
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
