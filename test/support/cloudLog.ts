/**
 * A failing test file's local cloud log, kept: CI shows only its output, and a failure's story (stream
 * functions, the socket server, a function that timed out) is in the cloud's log, not the test's.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterEach } from 'vitest';

/**
 * Registers an `afterEach` that notes whether a test of the calling file failed; `keep(output)`, called
 * in the file's `afterAll` before the cloud stops, then writes the log to `test-results/<file>.cloud.log`
 * and prints its last errors and warnings (and does nothing when every test passed).
 */
export function cloudLogOnFailure(): { keep(output: string): void } {
  let failedFile: string | undefined;
  afterEach((context) => {
    if (context.task.result?.state === 'fail') failedFile = context.task.file.filepath;
  });
  return {
    keep(output) {
      if (failedFile) keepCloudLog(output, failedFile);
    },
  };
}

function keepCloudLog(output: string, testFile: string): void {
  const path = join('test-results', `${basename(testFile).replace(/(\.e2e)?\.test\.ts$/, '')}.cloud.log`);
  mkdirSync('test-results', { recursive: true });
  writeFileSync(path, output);
  const noteworthy = output.split('\n').filter((line) => /"level":"(error|warn)"|Error|error:/i.test(line));
  console.error(`The local cloud's log is in ${path}; its last errors and warnings:\n${noteworthy.slice(-40).join('\n')}`);
}
