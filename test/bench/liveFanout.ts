/**
 * Figure 3: live fan-out. `clients` WebSocket clients stay connected to the local gateway while
 * posts are sent through the HTTP API and published at once by a moderator, one every `intervalMs`
 * (one a second: a very busy day for this site; faster bursts queue behind the previous fan-out); for
 * each post and client the latency is the time from the moderator's 200 to the `post.published`
 * message reaching that client (a message that arrives before the 200 counts as 0 ms). A delivery
 * still missing `settleMs` after the last 200 is missed.
 */
import WebSocket from 'ws';
import type { LiveMessage } from '../../functions/contract/live';
import type { OwnPost } from '../../functions/contract/posts';
import { publish } from '../support/api';
import type { LocalCloudProcess } from '../support/localCloud';
import { decide } from '../support/moderation';
import type { TestUser } from '../support/users';
import { now, percentile } from './stats';

export type FanoutOptions = { clients: number; posts: number; rounds: number; intervalMs: number; settleMs: number };

/** One reader on an idle site: how long a publication takes to reach a socket when nothing else is sent. */
export const FULL_SINGLE: FanoutOptions = { clients: 1, posts: 10, rounds: 3, intervalMs: 1_000, settleMs: 10_000 };
export const SMOKE_SINGLE: FanoutOptions = { clients: 1, posts: 3, rounds: 1, intervalMs: 500, settleMs: 5_000 };

export const FULL: FanoutOptions = { clients: 1_000, posts: 20, rounds: 3, intervalMs: 1_000, settleMs: 20_000 };
export const SMOKE: FanoutOptions = { clients: 20, posts: 5, rounds: 2, intervalMs: 100, settleMs: 5_000 };

/**
 * Five times the audience, offered the same deliveries a second as FULL (one post every 5 s to 5,000
 * clients = 1,000 a second): on this 2-core machine a post's fan-out must end before the next one
 * starts, or the figure measures a queue instead of a delivery.
 */
export const FULL_LARGE: FanoutOptions = { clients: 5_000, posts: 10, rounds: 2, intervalMs: 5_000, settleMs: 60_000 };
export const SMOKE_LARGE: FanoutOptions = { clients: 100, posts: 3, rounds: 1, intervalMs: 500, settleMs: 5_000 };

export type FanoutRound = {
  p50: number;
  p99: number;
  max: number;
  missed: number;
  duplicates: number;
  deliveries: number;
  /**
   * The CPU the readers themselves took (this process hosts every WebSocket client), in cores on
   * average over the round: on a small machine they compete with the cloud they measure.
   */
  readersCores: number;
  /** How many parallel parts the broadcast split each post into (from its log lines), smallest and largest. */
  parts?: { min: number; max: number };
};

type Client = { socket: WebSocket; arrivals: Map<string, number> };

async function connectClients(url: string, count: number): Promise<Client[]> {
  const clients: Client[] = [];
  const batch = 50;
  for (let start = 0; start < count; start += batch) {
    const opened = await Promise.all(
      Array.from(
        { length: Math.min(batch, count - start) },
        () =>
          new Promise<Client>((resolve, reject) => {
            const client: Client = { socket: new WebSocket(url), arrivals: new Map() };
            client.socket.on('message', (data) => {
              const at = now();
              const message = JSON.parse((data as Buffer).toString('utf8')) as LiveMessage; // text frames arrive as one Buffer
              if (message.type !== 'post.published') return;
              // A second copy of a post is counted as a duplicate by keeping the first arrival.
              if (client.arrivals.has(message.post.id)) client.arrivals.set(`dup:${message.post.id}:${at}`, at);
              else client.arrivals.set(message.post.id, at);
            });
            client.socket.once('open', () => resolve(client));
            client.socket.once('error', reject);
          }),
      ),
    );
    clients.push(...opened);
  }
  return clients;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

let rounds = 0;

/** One round: `posts` posts by `users` (5 each), paced `intervalMs` apart, then wait for every delivery. */
async function round(
  cloud: LocalCloudProcess,
  clients: Client[],
  users: TestUser[],
  moderator: TestUser,
  options: FanoutOptions,
): Promise<FanoutRound> {
  const published: Array<{ id: string; at: number }> = [];
  // Every round publishes new texts (the same text twice is DUPLICATE_POST), across runs in one cloud too.
  const roundNumber = ++rounds;
  const logStart = cloud.output().length;
  const cpuStart = process.cpuUsage();
  const wallStart = now();
  for (let index = 0; index < options.posts; index++) {
    const started = now();
    const user = users[Math.floor(index / 5)] as TestUser;
    const response = await publish(cloud, user.idToken, {
      category: 'varios',
      post: `En directo ${roundNumber}.${index}: el ascensor se paró entre dos pisos. Vaya día.`,
    });
    if (response.status !== 201) throw new Error(`publish answered ${response.status}: ${JSON.stringify(response.body)}`);
    const { id } = response.body as OwnPost;
    const decided = await decide(cloud, moderator.idToken, id, 'publish');
    const at = now();
    if (decided.status !== 200) throw new Error(`the decision answered ${decided.status}: ${JSON.stringify(decided.body)}`);
    published.push({ id, at });
    await sleep(Math.max(0, options.intervalMs - (now() - started)));
  }
  const expected = published.length * clients.length;
  const deadline = now() + options.settleMs;
  const delivered = () => clients.reduce((sum, client) => sum + published.filter((post) => client.arrivals.has(post.id)).length, 0);
  while (delivered() < expected && now() < deadline) await sleep(50);
  const cpu = process.cpuUsage(cpuStart);
  const readersCores = (cpu.user + cpu.system) / 1000 / (now() - wallStart);

  const latencies: number[] = [];
  let duplicates = 0;
  for (const client of clients) {
    for (const post of published) {
      const arrival = client.arrivals.get(post.id);
      if (arrival !== undefined) latencies.push(Math.max(0, arrival - post.at));
    }
    duplicates += [...client.arrivals.keys()].filter((key) => key.startsWith('dup:')).length;
    client.arrivals.clear();
  }
  const parts = partsOf(cloud.output().slice(logStart));
  return {
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: Math.max(...latencies),
    missed: expected - latencies.length,
    duplicates,
    deliveries: latencies.length,
    readersCores,
    ...(parts.length > 0 ? { parts: { min: Math.min(...parts), max: Math.max(...parts) } } : {}),
  };
}

/** The number of parts of each broadcast that sent something, from the broadcast function's JSON log lines. */
function partsOf(output: string): number[] {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{') && line.includes('"message":"broadcast"'))
    .map((line) => (JSON.parse(line) as { parts?: number }).parts ?? 0)
    .filter((parts) => parts > 0);
}

export async function runFanout(
  cloud: LocalCloudProcess,
  options: FanoutOptions,
  users: TestUser[],
  moderator: TestUser,
): Promise<FanoutRound[]> {
  const perRound = Math.ceil(options.posts / 5);
  if (users.length < perRound * options.rounds) throw new Error(`figure 3 needs ${perRound * options.rounds} users`);
  const connectStart = now();
  const clients = await connectClients(cloud.config.wsUrl, options.clients);
  console.log(`  ${clients.length} clients connected in ${((now() - connectStart) / 1000).toFixed(1)} s`);
  try {
    const rounds: FanoutRound[] = [];
    for (let index = 0; index < options.rounds; index++) {
      const result = await round(cloud, clients, users.slice(index * perRound, (index + 1) * perRound), moderator, options);
      rounds.push(result);
      console.log(
        `  round ${index + 1}: p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, max ${result.max.toFixed(0)} ms, missed ${result.missed}, readers' CPU ${result.readersCores.toFixed(2)} cores, parts ${result.parts ? `${result.parts.min}–${result.parts.max}` : '?'}`,
      );
    }
    return rounds;
  } finally {
    for (const client of clients) client.socket.terminate();
  }
}
