import { execFileSync } from 'node:child_process';

/** Every process below `pid` (Linux `ps`), found before a kill: afterwards they have a new parent. */
export function descendants(pid: number): Array<{ pid: number; command: string }> {
  const table = execFileSync('ps', ['-e', '-o', 'pid=,ppid=,args='], { encoding: 'utf8' })
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => ({ pid: Number(match[1]), ppid: Number(match[2]), command: match[3]! }));
  const found: Array<{ pid: number; command: string }> = [];
  const visit = (parent: number) => {
    for (const row of table.filter((entry) => entry.ppid === parent)) {
      found.push({ pid: row.pid, command: row.command });
      visit(row.pid);
    }
  };
  visit(pid);
  return found;
}
