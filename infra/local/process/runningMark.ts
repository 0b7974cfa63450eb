/**
 * A mark in the data folder while a local cloud uses it (`local-cloud.pid`: its process id), so the
 * tools that rewrite the data folder (`npm run backup`, `npm run restore`) can refuse to run under a
 * live DynamoDB Local and cognito-local, which would keep serving — and writing — what they hold in
 * memory. A mark left by a cloud that was killed names a process that no longer runs: it is ignored.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const MARK = 'local-cloud.pid';

/** Marks the data folder as in use by this process; the returned function takes the mark away (if still ours). */
export function markRunning(dataDir: string): () => Promise<void> {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, MARK);
  writeFileSync(file, String(process.pid));
  return () => {
    if (runningIn(dataDir) === process.pid) rmSync(file, { force: true });
    return Promise.resolve();
  };
}

/** The process id of the local cloud that uses this data folder now, or undefined when none does. */
export function runningIn(dataDir: string): number | undefined {
  let pid: number;
  try {
    pid = Number(readFileSync(join(dataDir, MARK), 'utf8').trim());
  } catch {
    return undefined;
  }
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : undefined;
  }
}
