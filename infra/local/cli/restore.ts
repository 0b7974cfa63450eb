/**
 * `npm run restore -- <file>`: puts a backup made by `npm run backup` in place of the local cloud's
 * data (DATA_DIR, default .data): the tables and the accounts become exactly the backup's. The file
 * is checked whole before anything is touched, the local cloud must be stopped, and what the folder
 * held is first saved as a backup of its own (its path is printed), so a restore can be undone.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  BackupError,
  defaultBackupFile,
  parseBackupFile,
  readBackup,
  refuseWhileRunning,
  restoreBackup,
  summary,
  withDatabase,
  writeBackupFile,
} from '../backups';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const dataDir = resolve(process.env.DATA_DIR || '.data');
const argument = process.argv[2];
if (!argument) {
  console.error('Usage: npm run restore -- <file made by npm run backup>');
  process.exit(2);
}
const file = resolve(argument);
try {
  const backup = parseBackupFile(file);
  refuseWhileRunning(dataDir, `npm run restore -- ${argument}`);
  const saved = await withDatabase(dataDir, async (client) => {
    let before: string | undefined;
    if (existsSync(dataDir)) {
      before = defaultBackupFile(dataDir).replace(/\.json$/, '-before-restore.json');
      writeBackupFile(before, await readBackup(dataDir, client));
    }
    await restoreBackup(dataDir, client, backup);
    return before;
  });
  console.log(
    `Restored ${file} (made ${backup.createdAt}): ${summary(backup)}, into ${dataDir}.` +
      (saved ? `\n  What it held before was saved first: ${saved}` : '') +
      '\nStart the local cloud: npm start',
  );
} catch (error) {
  console.error(
    error instanceof BackupError ? error.message : `The restore failed: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exitCode = 1;
}
