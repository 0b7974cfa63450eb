/**
 * Keeps cognito-local's user store safe from a crash. cognito-local writes each store file in place
 * (truncate, then write), so a `kill -9` mid-write can leave a pool file empty or cut short, and with
 * it every account. After every write it acknowledges, the local cloud copies each changed store
 * file that parses to `<file>.last-good`, atomically (a temporary file renamed over the old copy).
 * At start a damaged store file is replaced by its last good copy, with a line saying so; a damaged
 * file without one stops the start with a message saying what to do. Nothing is ever silently reset.
 */
import { existsSync, readFileSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const GOOD_COPY = '.last-good';

/** Writes a file so that a crash leaves either the old content or the new, never a part. */
export function writeFileAtomically(file: string, content: string): void {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, content, { flush: true });
  renameSync(temporary, file);
}

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

export type StoreGuard = {
  /** At start, before cognito-local reads the store: restores damaged files from their good copies, or throws. */
  checkOrRestore(): void;
  /** Copies each store file changed since the last call, if it parses, to its good copy. */
  snapshot(): Promise<void>;
};

export function guardStore(dbDir: string): StoreGuard {
  const storeFiles = () =>
    existsSync(dbDir)
      ? readdirSync(dbDir)
          .filter((name) => name.endsWith('.json'))
          .map((name) => join(dbDir, name))
      : [];
  const copied = new Map<string, string>();
  let queue = Promise.resolve();

  return {
    checkOrRestore() {
      for (const file of storeFiles()) {
        if (parses(readFileSync(file, 'utf8'))) continue;
        const copy = `${file}${GOOD_COPY}`;
        if (existsSync(copy) && parses(readFileSync(copy, 'utf8'))) {
          writeFileAtomically(file, readFileSync(copy, 'utf8'));
          console.error(
            `cognito-local's store ${file} was damaged (the last run was probably killed mid-write); restored its last good copy from ${statSync(copy).mtime.toISOString()}.`,
          );
          continue;
        }
        throw new Error(
          `cognito-local's store ${file} is damaged (not valid JSON) and there is no good copy of it to restore. ` +
            `Put back the file from a backup, or run \`npm run reset\` to start over with no accounts and no posts.`,
        );
      }
    },
    snapshot() {
      // One at a time, so two acknowledged writes cannot race each other's copy.
      queue = queue.then(() => {
        for (const file of storeFiles()) {
          const stat = statSync(file, { throwIfNoEntry: false });
          if (!stat) continue;
          const version = `${stat.mtimeMs}:${stat.size}`;
          if (copied.get(file) === version) continue;
          const text = readFileSync(file, 'utf8');
          // Caught mid-write by a concurrent request: the copy that request triggers will be whole.
          if (!parses(text)) continue;
          writeFileAtomically(`${file}${GOOD_COPY}`, text);
          copied.set(file, version);
        }
      });
      return queue;
    },
  };
}
