/**
 * Figure 12: a soak with faults. Mixed traffic at a fixed rate (each kind of request on its own
 * schedule, sent when its time comes whether or not the earlier ones were answered: an open loop, as
 * real visitors keep arriving during an outage) against a local cloud with its own DynamoDB Local and
 * data folder, while the local cloud is killed with SIGKILL and started again, and DynamoDB Local's JVM
 * is killed with SIGKILL. Afterwards `npm run audit` must find no drift once the streams have drained,
 * and every write the API acknowledged (2xx) must still be there, read back through the API as a
 * person would see it.
 *
 * During a fault requests fail, and each failure is counted by kind (connection refused, 503…): that is
 * expected. Nothing is retried silently. Only what a client is meant to retry is: a post or a comment
 * whose answer never came (no answer, or 5xx) is sent again in a later slot of its kind with the same
 * `Idempotency-Key` (at most three times), as the web app does after a time-out — and a retry must never
 * store it twice. A vote, save, rename or decision whose answer never came leaves its target uncertain
 * (it may or may not have been written): that target is not checked afterwards, unless a later write of
 * it was acknowledged.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ErrorBody } from '../../functions/contract/errors';
import type { OwnPost } from '../../functions/contract/posts';
import type { VoteKind } from '../../functions/contract/votes';
import { DRIFT_KINDS, type DriftKind } from '../../functions/domain/audit';
import { call } from '../support/api';
import { errorsAndWarnings, startLocalCloudProcess, type LocalCloudProcess, type StartOptions } from '../support/localCloud';
import { createModerator, decide } from '../support/moderation';
import { createUser, type TestUser } from '../support/users';
import { freePorts, killCloud, killDynamoDb, runAudit, type AuditRun, type FaultRecord } from './soakFaults';

export const KINDS = ['read', 'vote', 'save', 'comment', 'publication', 'moderation', 'rename', 'notifications'] as const;
export type Kind = (typeof KINDS)[number];

export type SoakOptions = {
  /** How long the traffic runs at least; it goes on until `tailMs` after the last fault is over. */
  durationMs: number;
  /** Requests a second, by kind (within each account's rate limits: the kinds rotate over the accounts). */
  rates: Record<Kind, number>;
  users: number;
  /** When each fault happens, as a share of `durationMs` (a fault waits for the one before it to be over). */
  faults: Array<{ kind: FaultRecord['kind']; at: number }>;
  /** Traffic after the last fault is over, so that the site is seen serving again. */
  tailMs: number;
  /** The least time between a fault being over and the next one, so that each outage is followed by service. */
  gapMs: number;
  /** How long derived data may take to settle after the traffic (the audit is run until clean or this passes). */
  settleMs: number;
};

/**
 * Per account: 20 accounts take 0.1 posts/s as 3 posts in 10 minutes each (5 allowed), 0.25 comments/s as
 * 7.5 in 10 minutes (10 allowed), 0.02 renames/s as 1–2 in 20 minutes (5 an hour allowed), and the vote and
 * save toggles far under 120 a minute.
 */
const FULL_RATES: Record<Kind, number> = {
  read: 3,
  vote: 1,
  save: 0.5,
  comment: 0.25,
  publication: 0.1,
  moderation: 0.1,
  rename: 0.02,
  notifications: 0.3,
};

export const FULL: SoakOptions = {
  durationMs: 20 * 60_000,
  rates: FULL_RATES,
  users: 20,
  faults: [
    { kind: 'cloud', at: 0.25 },
    { kind: 'dynamodb', at: 0.45 },
    { kind: 'cloud', at: 0.7 },
  ],
  tailMs: 30_000,
  gapMs: 60_000,
  settleMs: 120_000,
};

/** The full mix for `minutes` minutes (a medium run shows the soak working without its 20 minutes). */
export const forMinutes = (minutes: number): SoakOptions => ({ ...FULL, durationMs: minutes * 60_000 });

/** The smoke run: every kind of request and one fault of each kind, in as little time as a cold restart allows. */
export const SMOKE: SoakOptions = {
  durationMs: 10_000,
  rates: { read: 3, vote: 1, save: 0.6, comment: 0.3, publication: 0.15, moderation: 0.15, rename: 0.05, notifications: 0.4 },
  users: 6,
  faults: [
    { kind: 'cloud', at: 0.3 },
    { kind: 'dynamodb', at: 0.6 },
  ],
  tailMs: 8_000,
  gapMs: 8_000,
  settleMs: 60_000,
};

/** Whether an answer acknowledged the write, refused it (nothing written), or never came (it may have been written). */
type Outcome = 'acked' | 'refused' | 'unknown';

type Answer = { outcome: Outcome; status: number; body: unknown };

/** The last acknowledged value of a target (a vote, a save, a name, a post's status) and whether a later unanswered write makes it uncertain. */
type Target<T> = { value: T; uncertain: boolean; busy: boolean };

type Retry = { user: number; key: string; path: string; body: Record<string, unknown>; attempts: number };

export type SoakResult = {
  options: SoakOptions;
  requests: Record<Kind, number>;
  total: number;
  retries: number;
  errors: Record<string, number>;
  faults: FaultRecord[];
  /** Acknowledged writes read back, by kind: how many were checked, and the ones missing (a few named). */
  checked: Record<string, number>;
  missing: Record<string, string[]>;
  /** Posts or comments stored more than once (a retried key must store one). */
  doubled: string[];
  /** Targets left uncertain by a write whose answer never came (not checked). */
  uncertain: number;
  audit: AuditRun & { runs: number; settledMs: number };
  trafficMs: number;
  totalMs: number;
  notes: string[];
};

const WORDS = {
  who: [
    'mi jefe',
    'mi suegra',
    'el vecino',
    'mi hermana',
    'el conductor',
    'la profesora',
    'mi primo',
    'el camarero',
    'mi gato',
    'la cajera',
  ],
  what: [
    'me tiró el café encima',
    'se olvidó de mi cumpleaños',
    'me cerró la puerta en la cara',
    'perdió las llaves del coche',
    'me confundió con otra persona',
    'se comió mi bocadillo',
    'me despertó a las cinco',
    'borró mi trabajo entero',
    'me dejó plantado en la estación',
    'rompió la lavadora',
  ],
  where: ['en la oficina', 'en la boda', 'en el autobús', 'en la playa', 'en el mercado', 'en el ascensor', 'en la cena', 'en el gimnasio'],
  end: ['y encima llovía', 'y nadie se rio', 'y era lunes', 'y luego se fue la luz', 'y yo iba de blanco', 'y todos miraban'],
};
const SEARCH_WORDS = ['jefe', 'suegra', 'café', 'llaves', 'boda', 'autobús', 'lavadora', 'lunes'];
const CATEGORIES = ['varios', 'amor', 'amistad', 'trabajo', 'familia'];
const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)] as T;
/** A word of random letters: each text unique (the duplicate check is exact once normalised), no digits (the personal-data check). */
const letters = (n: number) => Array.from({ length: n }, () => pick('abcdefghijklmnopqrstuvwxyz'.split(''))).join('');
const anecdote = () => `Hoy ${pick(WORDS.who)} ${pick(WORDS.what)} ${pick(WORDS.where)} ${pick(WORDS.end)}. Lo llamo el día ${letters(8)}.`;
const remark = () => `Qué mala suerte, a mí ${pick(WORDS.who)} ${pick(WORDS.what)} también (${letters(6)}).`;
const apodo = () => `Aguante ${letters(1).toUpperCase()}${letters(7)}`;

/** A request unanswered this long is given up, as API Gateway gives up on an integration after 30 s. */
const TIMEOUT_MS = 30_000;

/** Runs the soak: starts its own local cloud, sends the traffic, makes the faults, audits and checks; always stops the cloud. */
export async function runSoak(options: SoakOptions): Promise<SoakResult> {
  const startedAt = Date.now();
  const dataDir = mkdtempSync(join(tmpdir(), 'vaya-dia-soak-'));
  const ports = await freePorts([
    'PORT',
    'API_PORT',
    'WS_PORT',
    'DYNAMODB_PORT',
    'COGNITO_PORT',
    'TRIGGERS_PORT',
    'HOSTED_UI_PORT',
  ] as const);
  const start: StartOptions = {
    dataDir,
    ownDynamoDb: true,
    // Without the sample posts; the functions start on first use (as after a crash on Lambda: cold starts).
    env: { SEED: '0', ...Object.fromEntries(Object.entries(ports).map(([name, port]) => [name, String(port)])) },
  };
  let cloud = await startLocalCloudProcess({ ...start, readyTimeoutMs: 300_000 });
  try {
    return await soak(
      options,
      () => cloud,
      start,
      (next) => (cloud = next),
      startedAt,
    );
  } finally {
    await cloud.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function soak(
  options: SoakOptions,
  current: () => LocalCloudProcess,
  start: StartOptions,
  replace: (cloud: LocalCloudProcess) => void,
  startedAt: number,
): Promise<SoakResult> {
  const apiUrl = current().config.apiUrl;
  const notes: string[] = [];

  // Accounts, a moderator, and one published post per account to read, vote on, comment and save.
  const users: TestUser[] = [];
  for (let i = 0; i < options.users; i++) users.push(await createUser(current(), { name: apodo() }));
  const moderator = await createModerator(current());
  const names: Array<Target<string>> = users.map((user) => ({ value: user.name!, uncertain: false, busy: false }));
  const posts = new Map<string, { author: number; text: string; status: Target<string> }>();
  const published: string[] = [];
  const pending: string[] = [];
  for (const [index, user] of users.entries()) {
    const text = anecdote();
    const created = await call(current(), '/posts', {
      method: 'POST',
      token: user.idToken,
      body: { category: pick(CATEGORIES), post: text },
    });
    if (created.status !== 201) throw new Error(`setup: POST /posts answered ${created.status}: ${JSON.stringify(created.body)}`);
    const { id } = created.body as OwnPost;
    const decided = await decide(current(), moderator.idToken, id, 'publish');
    if (decided.status !== 200) throw new Error(`setup: the decision answered ${decided.status}`);
    posts.set(id, { author: index, text, status: { value: 'published', uncertain: false, busy: false } });
    published.push(id);
  }

  let trafficStart = Date.now();
  const requests = Object.fromEntries(KINDS.map((kind) => [kind, 0])) as Record<Kind, number>;
  const errors: Record<string, number> = {};
  let retriesSent = 0;
  const votes = new Map<string, Target<VoteKind | null>>();
  const saves = new Map<string, Target<boolean>>();
  const comments = new Map<string, { postId: string; text: string }>();
  const retries: Record<'publication' | 'comment', Retry[]> = { publication: [], comment: [] };
  const turn = Object.fromEntries(KINDS.map((kind) => [kind, 0])) as Record<Kind, number>;
  /** The next account for a kind: each kind rotates over the accounts, so each stays within its rate limits. */
  const nextUser = (kind: Kind) => turn[kind]++ % users.length;

  /** Where and when each kind of error was seen (ms from the traffic's start), for the notes. */
  const seen = new Map<string, { kinds: Set<Kind>; first: number; last: number; paths: Set<string> }>();
  /** Whether a fault is under way (killed, not yet serving again): an error then is the outage's, otherwise the site's. */
  let faultUnderWay = false;
  const count = (kind: Kind, method: string, path: string, what: string, during: boolean) => {
    const label = `${what}${during ? ' (in a fault)' : ''}`;
    errors[label] = (errors[label] ?? 0) + 1;
    const at = Date.now() - trafficStart;
    const entry = seen.get(label) ?? { kinds: new Set<Kind>(), first: at, last: at, paths: new Set<string>() };
    entry.kinds.add(kind);
    entry.last = at;
    entry.paths.add(`${method} ${path.replace(/[0-9a-f-]{20,}/g, '{id}').split('?')[0]}`);
    seen.set(label, entry);
  };

  async function send(kind: Kind, method: string, path: string, token?: string, body?: unknown, key?: string): Promise<Answer> {
    requests[kind]++;
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (key) headers['idempotency-key'] = key;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const during = faultUnderWay;
    try {
      const response = await fetch(`${apiUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      const text = await response.text();
      let parsed: unknown;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        parsed = undefined;
      }
      if (response.status >= 400) {
        // A function that timed out answers the gateway's own body, `{ message }`, as API Gateway does.
        const code = (parsed as ErrorBody | undefined)?.error?.code ?? (parsed as { message?: string } | undefined)?.message ?? 'not JSON';
        // The queue's answer when it holds nothing for the moderator: an answer, not an error.
        if (code !== 'QUEUE_EMPTY') count(kind, method, path, `${response.status} ${code}`, during || faultUnderWay);
      }
      const outcome: Outcome = response.status < 300 ? 'acked' : response.status >= 500 ? 'unknown' : 'refused';
      return { outcome, status: response.status, body: parsed };
    } catch (error) {
      count(kind, method, path, networkFailure(error), during || faultUnderWay);
      return { outcome: 'unknown', status: 0, body: undefined };
    }
  }

  /** A vote or save target not already being written, on a post that is not the account's own. */
  function freeTarget<T>(
    map: Map<string, Target<T>>,
    user: number,
    empty: T,
  ): { key: string; postId: string; target: Target<T> } | undefined {
    for (let attempt = 0; attempt < 5; attempt++) {
      const postId = pick(published);
      if (posts.get(postId)?.author === user) continue;
      const key = `${user}|${postId}`;
      let target = map.get(key);
      if (!target) map.set(key, (target = { value: empty, uncertain: false, busy: false }));
      if (!target.busy) return { key, postId, target };
    }
    return undefined;
  }

  /** Sends a write of a target and records what its answer says about it. */
  async function writeTarget<T>(
    target: Target<T>,
    value: T,
    request: () => Promise<Answer>,
    valueOf?: (body: unknown) => T,
  ): Promise<void> {
    target.busy = true;
    const answer = await request();
    target.busy = false;
    if (answer.outcome === 'acked') {
      target.value = valueOf ? valueOf(answer.body) : value;
      target.uncertain = false;
    } else if (answer.outcome === 'unknown') target.uncertain = true;
  }

  /** A post or a comment, new or a retry of one whose answer never came (same key, same body). */
  async function create(kind: 'publication' | 'comment', fresh: () => Retry | undefined, acked: (retry: Retry, body: unknown) => void) {
    const retry = retries[kind].shift();
    const attempt = retry ?? fresh();
    if (!attempt) return;
    if (retry) retriesSent++;
    const answer = await send(kind, 'POST', attempt.path, users[attempt.user]!.idToken, attempt.body, attempt.key);
    if (answer.outcome === 'acked') acked(attempt, answer.body);
    else if (answer.outcome === 'unknown' && attempt.attempts < 3) retries[kind].push({ ...attempt, attempts: attempt.attempts + 1 });
  }

  let reads = 0;
  let notificationTurns = 0;
  const operations: Record<Kind, () => Promise<void>> = {
    read: async () => {
      const postId = pick(published);
      const paths = [
        '/posts?limit=20',
        `/posts/${postId}`,
        '/posts/top',
        `/search?q=${encodeURIComponent(pick(SEARCH_WORDS))}`,
        `/authors/${encodeURIComponent(pick(names).value)}`,
        `/posts/${postId}/comments?limit=50`,
      ];
      await send('read', 'GET', paths[reads++ % paths.length]!);
    },
    vote: async () => {
      const user = nextUser('vote');
      const free = freeTarget(votes, user, null as VoteKind | null);
      if (!free) return;
      const token = users[user]!.idToken;
      const path = `/posts/${free.postId}/vote`;
      if (free.target.value !== null && Math.random() < 0.3) {
        await writeTarget(free.target, null, () => send('vote', 'DELETE', path, token));
      } else {
        const vote = pick(['agree', 'deserved'] as const);
        await writeTarget(free.target, vote, () => send('vote', 'PUT', path, token, { vote }));
      }
    },
    save: async () => {
      const user = nextUser('save');
      const free = freeTarget(saves, user, false);
      if (!free) return;
      const saving = !free.target.value || Math.random() < 0.2;
      await writeTarget(free.target, saving, () =>
        send('save', saving ? 'PUT' : 'DELETE', `/posts/${free.postId}/save`, users[user]!.idToken),
      );
    },
    comment: () =>
      create(
        'comment',
        () => {
          const postId = pick(published);
          return { user: nextUser('comment'), key: randomUUID(), path: `/posts/${postId}/comments`, body: { text: remark() }, attempts: 0 };
        },
        (attempt, body) => {
          const { id } = body as { id: string };
          comments.set(id, { postId: attempt.path.split('/')[2]!, text: attempt.body.text as string });
        },
      ),
    publication: () =>
      create(
        'publication',
        () => ({
          user: nextUser('publication'),
          key: randomUUID(),
          path: '/posts',
          body: { category: pick(CATEGORIES), post: anecdote() },
          attempts: 0,
        }),
        (attempt, body) => {
          const { id } = body as OwnPost;
          posts.set(id, {
            author: attempt.user,
            text: attempt.body.post as string,
            status: { value: 'pending', uncertain: false, busy: false },
          });
          pending.push(id);
        },
      ),
    moderation: async () => {
      const index = pending.findIndex((id) => !posts.get(id)!.status.busy);
      if (index < 0) {
        await send('moderation', 'GET', '/moderation/next', moderator.idToken);
        return;
      }
      const [id] = pending.splice(index, 1) as [string];
      const post = posts.get(id)!;
      const decision = Math.random() < 0.8 ? 'publish' : 'reject';
      await writeTarget(
        post.status,
        decision === 'publish' ? 'published' : 'rejected',
        () => send('moderation', 'PUT', `/moderation/${id}/decision`, moderator.idToken, { decision }),
        (body) => (body as { status: string }).status,
      );
      if (post.status.value === 'published' && !post.status.uncertain) published.push(id);
      else if (post.status.value === 'pending' && !post.status.uncertain) pending.push(id);
    },
    rename: async () => {
      const user = nextUser('rename');
      const target = names[user]!;
      if (target.busy) return;
      const name = apodo();
      await writeTarget(
        target,
        name,
        () => send('rename', 'PUT', '/me/name', users[user]!.idToken, { name }),
        (body) => (body as { name: string }).name,
      );
    },
    notifications: async () => {
      const user = nextUser('notifications');
      const token = users[user]!.idToken;
      if (notificationTurns++ % 3 !== 0) await send('notifications', 'GET', '/me/notifications?limit=20', token);
      else await send('notifications', 'POST', '/me/notifications/read', token, {});
    },
  };

  // The faults, on their own clock beside the traffic; each waits for the one before it to be over.
  trafficStart = Date.now();
  const faults: FaultRecord[] = [];
  /** What each killed cloud printed: where an error answer's cause is read. */
  const outputs: string[] = [];
  let faultsOver = false;
  let faultsEndedAt = 0;
  const faulting = (async () => {
    try {
      for (const fault of options.faults) {
        await sleepUntil(
          Math.max(
            trafficStart + fault.at * options.durationMs,
            (faults.at(-1)?.atMs ?? -Infinity) + (faults.at(-1)?.downMs ?? 0) + trafficStart + options.gapMs,
          ),
        );
        const killedAt = Date.now();
        const record: FaultRecord = { kind: fault.kind, atMs: killedAt - trafficStart, downMs: 0, recovered: false };
        faults.push(record);
        faultUnderWay = true;
        console.log(
          `  ${((killedAt - trafficStart) / 1000).toFixed(0)} s: kill -9 of ${fault.kind === 'cloud' ? 'the local cloud' : 'DynamoDB Local'}`,
        );
        if (fault.kind === 'cloud') {
          outputs.push(current().output());
          const restarted = await killCloud(current(), start);
          replace(restarted.cloud);
          if (restarted.note) record.note = restarted.note;
        } else await killDynamoDb(current());
        faultUnderWay = false;
        record.downMs = Date.now() - killedAt;
        record.recovered = true;
        console.log(`    serving again after ${(record.downMs / 1000).toFixed(1)} s`);
      }
    } finally {
      faultsEndedAt = Date.now();
      faultsOver = true;
    }
  })();
  // Awaited once the traffic is over; a failed restart must not end the process before then (an unhandled rejection).
  faulting.catch(() => undefined);

  // The traffic: each kind at its own fixed interval, phases spread so the kinds interleave.
  const inFlight = new Set<Promise<void>>();
  const next = Object.fromEntries(KINDS.map((kind, index) => [kind, (index / KINDS.length) * (1000 / options.rates[kind])])) as Record<
    Kind,
    number
  >;
  const trafficEnd = () => Math.max(trafficStart + options.durationMs, faultsOver ? faultsEndedAt + options.tailMs : Infinity);
  for (;;) {
    const kind = KINDS.reduce((soonest, candidate) => (next[candidate] < next[soonest] ? candidate : soonest));
    const at = trafficStart + next[kind];
    // Until the faults are over the end is open: the traffic goes on through every outage.
    if (at > trafficEnd()) break;
    await sleepUntil(at);
    next[kind] += 1000 / options.rates[kind];
    const operation = operations[kind]().catch((error: unknown) => {
      errors[`bench error: ${String(error).slice(0, 80)}`] = (errors[`bench error: ${String(error).slice(0, 80)}`] ?? 0) + 1;
    });
    inFlight.add(operation);
    void operation.finally(() => inFlight.delete(operation));
  }
  await Promise.all(inFlight);
  await faulting;
  const trafficMs = Date.now() - trafficStart;
  outputs.push(current().output());
  const logged = outputs.flatMap((output) => errorsAndWarnings(output));
  if (logged.length > 0)
    console.log(`  the local cloud logged ${logged.length} errors or warnings; the last ones:\n    ${logged.slice(-8).join('\n    ')}`);
  const total = Object.values(requests).reduce((sum, n) => sum + n, 0);
  console.log(
    `  traffic over: ${total} requests in ${(trafficMs / 1000).toFixed(0)} s; ${retries.publication.length + retries.comment.length} retries left unsent`,
  );

  // Derived data settles (the streams drain after the last write): the audit, run again until clean or out of time.
  const settleStart = Date.now();
  let audit: AuditRun;
  let runs = 0;
  for (;;) {
    audit = await runAudit(current());
    runs++;
    if (audit.clean || Date.now() - settleStart > options.settleMs) break;
  }
  const settledMs = Date.now() - settleStart;
  console.log(
    `  audit ${audit.clean ? 'clean' : `found drift: ${JSON.stringify(audit.drift)}`} after ${runs} run(s), ${(settledMs / 1000).toFixed(1)} s`,
  );
  if (!audit.clean) notes.push(`Figure 12 audit output: ${audit.output.trim().split('\n').join(' / ').slice(0, 600)}`);

  // Every acknowledged write read back through the API.
  const cloud = current();
  const checked: Record<string, number> = {};
  const missing: Record<string, string[]> = {};
  const doubled: string[] = [];
  let uncertain = 0;
  const check = (kind: string, ok: boolean, what: string) => {
    checked[kind] = (checked[kind] ?? 0) + 1;
    if (!ok) (missing[kind] ??= []).push(what);
  };
  const read = async <T>(path: string, token?: string): Promise<T> => {
    const answer = await call(cloud, path, { token });
    if (answer.status !== 200) throw new Error(`checking: GET ${path} answered ${answer.status}`);
    return answer.body as T;
  };
  const pages = async <T>(path: string, token?: string): Promise<T[]> => {
    const items: T[] = [];
    let cursor: string | null = null;
    do {
      const separator = path.includes('?') ? '&' : '?';
      const page: { items: T[]; nextCursor: string | null } = await read(
        `${path}${separator}limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        token,
      );
      items.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    return items;
  };

  for (const [index, user] of users.entries()) {
    const own = await pages<OwnPost>('/me/posts', user.idToken);
    const byId = new Map(own.map((post) => [post.id, post]));
    const texts = new Map<string, number>();
    for (const post of own) texts.set(post.post, (texts.get(post.post) ?? 0) + 1);
    for (const [text, n] of texts) if (n > 1) doubled.push(`post «${text.slice(0, 40)}…» ×${n}`);
    for (const [id, post] of posts) {
      if (post.author !== index) continue;
      const stored = byId.get(id);
      if (post.status.uncertain) {
        uncertain++;
        check('publications', stored !== undefined, id);
        continue;
      }
      check('publications', stored?.status === post.status.value, `${id} (${post.status.value}, found ${stored?.status ?? 'nothing'})`);
      if (post.status.value === 'published') check('publications', (await call(cloud, `/posts/${id}`)).status === 200, `${id} (its page)`);
    }
    const me = await read<{ name: string }>('/me', user.idToken);
    if (names[index]!.uncertain) uncertain++;
    else check('renames', me.name === names[index]!.value, `${names[index]!.value} (found ${me.name})`);

    for (const [kind, map, route] of [
      ['votes', votes, '/me/votes'],
      ['saves', saves, '/me/saved/ids'],
    ] as const) {
      const mine = [...map.entries()].filter(([key]) => key.startsWith(`${index}|`));
      for (let i = 0; i < mine.length; i += 100) {
        const slice = mine.slice(i, i + 100);
        const ids = slice.map(([key]) => key.split('|')[1]!);
        const answer = await read<{ votes?: Record<string, VoteKind>; ids?: string[] }>(`${route}?ids=${ids.join(',')}`, user.idToken);
        for (const [key, target] of slice) {
          const postId = key.split('|')[1]!;
          if (target.uncertain) {
            uncertain++;
            continue;
          }
          const found = kind === 'votes' ? (answer.votes?.[postId] ?? null) : (answer.ids?.includes(postId) ?? false);
          check(kind, found === target.value, `${key} (${String(target.value)}, found ${String(found)})`);
        }
      }
    }
  }

  const commentsByPost = new Map<string, string[]>();
  for (const [id, comment] of comments) commentsByPost.set(comment.postId, [...(commentsByPost.get(comment.postId) ?? []), id]);
  for (const [postId, ids] of commentsByPost) {
    const stored = await pages<{ id: string; text: string }>(`/posts/${postId}/comments?sort=old`);
    const storedIds = new Set(stored.map((comment) => comment.id));
    const texts = new Map<string, number>();
    for (const comment of stored) texts.set(comment.text, (texts.get(comment.text) ?? 0) + 1);
    for (const [text, n] of texts) if (n > 1) doubled.push(`comment «${text.slice(0, 40)}…» ×${n}`);
    for (const id of ids) check('comments', storedIds.has(id), id);
  }

  // The notices of decisions: derived by the stream, so waited for (bounded) rather than read once.
  const noticesDue = [...posts.entries()].filter(
    ([, post]) => !post.status.uncertain && (post.status.value === 'published' || post.status.value === 'rejected'),
  );
  const noticeDeadline = Date.now() + 30_000;
  let absent: string[] = [];
  for (;;) {
    absent = [];
    for (const [index, user] of users.entries()) {
      const due = noticesDue.filter(([, post]) => post.author === index);
      if (due.length === 0) continue;
      const got = new Set(
        (await pages<{ type: string; postId: string }>('/me/notifications', user.idToken)).map((n) => `${n.type}|${n.postId}`),
      );
      for (const [id, post] of due) if (!got.has(`post.${post.status.value}|${id}`)) absent.push(`${id} (post.${post.status.value})`);
    }
    if (absent.length === 0 || Date.now() > noticeDeadline) break;
    await new Promise((done) => setTimeout(done, 500));
  }
  checked.notices = noticesDue.length;
  if (absent.length > 0) missing.notices = absent;

  for (const [kind, ids] of Object.entries(missing)) notes.push(`Figure 12 missing ${kind}: ${ids.slice(0, 5).join(', ')}`);
  for (const what of doubled.slice(0, 5)) notes.push(`Figure 12 stored twice: ${what}`);
  for (const [label, entry] of seen) {
    notes.push(
      `Figure 12 ${label}: ${errors[label]} from ${(entry.first / 1000).toFixed(0)} s to ${(entry.last / 1000).toFixed(0)} s, on ${[...entry.paths].slice(0, 6).join(', ')}`,
    );
  }
  notes.push(
    `Figure 12 faults: ${faults.map((fault) => `${fault.kind} killed at ${(fault.atMs / 1000).toFixed(0)} s, serving again ${((fault.atMs + fault.downMs) / 1000).toFixed(0)} s`).join('; ')}`,
  );
  for (const fault of faults) if (fault.note) notes.push(`Figure 12 ${fault.kind} kill: ${fault.note}`);
  if (Object.keys(missing).length > 0 || doubled.length > 0) {
    const logged = errorsAndWarnings(cloud.output()).slice(-5);
    if (logged.length > 0) notes.push(`Figure 12 last errors the restarted cloud logged: ${logged.join(' / ')}`);
  }

  return {
    options,
    requests,
    total,
    retries: retriesSent,
    errors,
    faults,
    checked,
    missing,
    doubled,
    uncertain,
    audit: { ...audit, runs, settledMs },
    trafficMs,
    totalMs: Date.now() - startedAt,
    notes,
  };
}

/** What a request that got no answer met: the kinds an outage shows (refused while down, reset when killed mid-request). */
function networkFailure(error: unknown): string {
  if (error instanceof Error && error.name === 'TimeoutError') return `no answer in ${TIMEOUT_MS / 1000} s`;
  const cause = (error as { cause?: { code?: string; name?: string } }).cause;
  const code = cause?.code ?? cause?.name ?? (error instanceof Error ? error.name : 'unknown');
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE') return 'connection reset';
  return `network ${code}`;
}

function sleepUntil(at: number): Promise<void> {
  return new Promise((done) => setTimeout(done, Math.max(0, at - Date.now())));
}

/** The drift kinds an audit run found, as a row reads them. */
export const driftLabel = (drift: Partial<Record<DriftKind, number>>): string =>
  Object.keys(drift).length === 0
    ? 'none'
    : Object.entries(drift)
        .map(([kind, n]) => `${kind} ${n} (${DRIFT_KINDS[kind as DriftKind].means})`)
        .join('; ');
