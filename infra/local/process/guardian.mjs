// Runs one child program of the local cloud (DynamoDB Local's JVM, cognito-local) and makes sure it
// never outlives the local cloud, however that ends: this process is started with an IPC channel to
// the local cloud, and the channel closes when the local cloud exits, even on `kill -9`. Then the child
// is killed at once. Plain JavaScript, so it starts in a few milliseconds without a TypeScript loader.
//
// Usage (from childProcess.ts): fork(guardian.mjs, [command, ...args], { stdio: [..., 'ipc'] })
import { spawn } from 'node:child_process';

const [command, ...args] = process.argv.slice(2);
if (!command || !process.send) {
  console.error('guardian.mjs runs one command for the local cloud, over an IPC channel');
  process.exit(2);
}

const child = spawn(command, args, { stdio: 'inherit' });
let stopping = false;

const kill = (signal) => {
  if (child.exitCode === null && child.signalCode === null) child.kill(signal);
};

// The local cloud is gone (exit, crash or SIGKILL): take the child with it.
process.on('disconnect', () => {
  stopping = true;
  kill('SIGKILL');
  process.exit(0);
});
// An orderly stop: pass it on, and exit when the child has; a child that ignores it is killed.
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    stopping = true;
    kill('SIGTERM');
    setTimeout(() => kill('SIGKILL'), 5000).unref();
  });
}
child.on('error', (error) => {
  console.error(`cannot run ${command}: ${error.message}`);
  process.exit(127);
});
child.on('exit', (code, signal) => {
  process.exit(code ?? (stopping ? 0 : signal === 'SIGKILL' ? 137 : 1));
});
