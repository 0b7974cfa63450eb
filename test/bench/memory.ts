/**
 * Resident memory of the local cloud: the `infra/local/cli/start.ts` process this bench started and its
 * descendants (cognito-local), read from /proc and summed. Sampled on a timer, so a peak is the
 * largest sample, not an exact high-water mark.
 */
import { readFileSync, readdirSync } from 'node:fs';

function readProc(pid: number, file: string): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return undefined;
  }
}

function parentOf(pid: number): number | undefined {
  const stat = readProc(pid, 'stat');
  // The command name (field 2) may hold spaces and parentheses: fields after its last ')' are fixed.
  const fields = stat?.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields ? Number(fields[1]) : undefined;
}

function rssBytes(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readProc(pid, 'status') ?? '');
  return match ? Number(match[1]) * 1024 : 0;
}

/** The local cloud processes started by this process: each start.ts child with all its descendants. */
export function localCloudPids(): number[] {
  const pids = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number);
  const children = new Map<number, number[]>();
  for (const pid of pids) {
    const parent = parentOf(pid);
    if (parent === undefined) continue;
    children.set(parent, [...(children.get(parent) ?? []), pid]);
  }
  const roots = (children.get(process.pid) ?? []).filter((pid) => (readProc(pid, 'cmdline') ?? '').includes('infra/local/cli/start.ts'));
  const found: number[] = [];
  const visit = (pid: number) => {
    found.push(pid);
    for (const child of children.get(pid) ?? []) visit(child);
  };
  roots.forEach(visit);
  return found;
}

export function localCloudRss(): number {
  return localCloudPids().reduce((sum, pid) => sum + rssBytes(pid), 0);
}

/** Samples the local cloud's RSS every `intervalMs` until stopped; returns every sample in bytes. */
export function sampleRss(intervalMs = 200): { stop(): number[] } {
  const samples: number[] = [localCloudRss()];
  const timer = setInterval(() => samples.push(localCloudRss()), intervalMs);
  return {
    stop() {
      clearInterval(timer);
      samples.push(localCloudRss());
      return samples;
    },
  };
}
