/**
 * `npm run backup [-- <file>]`: saves the local cloud's data (DATA_DIR, default .data) in one file —
 * every item of every DynamoDB table and cognito-local's accounts — and prints its path; by default
 * `<data folder>/backups/vaya-dia-<time>.json`. The local cloud must be stopped (its emulators hold
 * the data). DYNAMODB_ENDPOINT / DYNAMODB_ACCESS_KEY_ID name the database as for `npm start`.
 * `npm run restore -- <file>` puts it back (restore.ts).
 */
import { resolve } from 'node:path';
import { BackupError, defaultBackupFile, readBackup, refuseWhileRunning, summary, withDatabase, writeBackupFile } from '../backups';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const dataDir = resolve(process.env.DATA_DIR || '.data');
const file = resolve(process.argv[2] ?? defaultBackupFile(dataDir));
try {
  refuseWhileRunning(dataDir, 'npm run backup');
  const backup = await withDatabase(dataDir, (client) => readBackup(dataDir, client));
  writeBackupFile(file, backup);
  console.log(`Backup written: ${file}\n  ${summary(backup)}, from ${dataDir}\nTo put it back: npm run restore -- ${file}`);
} catch (error) {
  console.error(
    error instanceof BackupError ? error.message : `The backup failed: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exitCode = 1;
}
