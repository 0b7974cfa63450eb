/**
 * Child programs of the local cloud (DynamoDB Local, cognito-local), each run through guardian.mjs so
 * that it dies with the local cloud even when the local cloud is killed with SIGKILL and cannot clean
 * up. Their output is read line by line; an unexpected exit is reported once.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';

const GUARDIAN = fileURLToPath(new URL('./guardian.mjs', import.meta.url));

export type GuardedChild = {
  readonly pid: number | undefined;
  /** Resolves when the program has exited (or at once if it has). */
  readonly exited: Promise<number | null>;
  /** SIGTERM (the guardian kills the program after 5 s if it ignores it); resolves once it has exited. */
  stop(): Promise<void>;
};

export type GuardedChildOptions = {
  /** Shown in messages: "DynamoDB Local", "cognito-local". */
  name: string;
  command: string;
  args: string[];
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** Every line the program prints, without colour codes. */
  onLine?(line: string): void;
  /** Called when the program exits without being stopped. */
  onUnexpectedExit?(code: number | null): void;
};

export function spawnGuarded(options: GuardedChildOptions): GuardedChild {
  const child: ChildProcess = fork(GUARDIAN, [options.command, ...options.args], {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    // The guardian is plain JavaScript: no TypeScript loader, no inherited --import flags.
    execArgv: [],
  });
  // The IPC channel is only there to close when this process dies; it must not keep it alive.
  child.channel?.unref();
  child.unref();
  let stopping = false;
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      if (!stopping) options.onUnexpectedExit?.(code);
      resolve(code);
    }),
  );
  splitLines(child.stdout, (line) => options.onLine?.(line));
  splitLines(child.stderr, (line) => options.onLine?.(line));

  return {
    pid: child.pid,
    exited,
    async stop() {
      stopping = true;
      if (child.exitCode !== null || child.signalCode !== null) return;
      // Only if the guardian itself hangs: killing it closes its IPC channel, which is no longer
      // watched then, so this is a last resort.
      const timer = setTimeout(() => child.kill('SIGKILL'), 8000);
      child.kill('SIGTERM');
      await exited;
      clearTimeout(timer);
    },
  };
}

function splitLines(stream: NodeJS.ReadableStream | null, onLine: (line: string) => void): void {
  if (!stream) return;
  let rest = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) onLine(stripVTControlCharacters(line).trimEnd());
  });
  stream.on('end', () => {
    if (rest) onLine(stripVTControlCharacters(rest).trimEnd());
  });
}
