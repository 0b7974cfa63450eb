/**
 * Figure 3, one reader: how long a comment and a notification take to reach a socket on an idle site.
 * The author keeps a signed-in socket (`?token=`, where `notification.created` arrives) and a reader
 * keeps the post's page open (`?post=<id>`, where `comment.created` arrives). For each round:
 * - the moderator publishes a new post of the author: moderator's 200 → the author's
 *   `notification.created` (the post's publication);
 * - the reader comments it: the API's 201 → the reader's `comment.created` and the author's
 *   `notification.created` (the comment).
 * A message that arrives before the answer counts as 0 ms; one still missing after `settleMs` is missed. A miss
 * is printed with whether it came later (late or lost) and what the local cloud logged as an error or a warning
 * during its round, so a miss in a long run can be traced without running it again.
 */
import WebSocket from 'ws';
import type { LiveMessage } from '../../functions/contract/live';
import type { OwnPost } from '../../functions/contract/posts';
import { call, publish } from '../support/api';
import { errorsAndWarnings, type LocalCloudProcess } from '../support/localCloud';
import { decide } from '../support/moderation';
import type { TestUser } from '../support/users';
import { now, percentile } from './stats';

export type LatencyOptions = { rounds: number; settleMs: number };

export const FULL: LatencyOptions = { rounds: 20, settleMs: 10_000 };
export const SMOKE: LatencyOptions = { rounds: 3, settleMs: 5_000 };

export type LatencyResult = {
  /** Milliseconds per round; a missed message is not in the list. */
  publicationNotice: number[];
  comment: number[];
  commentNotice: number[];
  missed: number;
};

type Socket = { socket: WebSocket; seen: Array<{ message: LiveMessage; at: number }> };

function open(url: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket: Socket = { socket: new WebSocket(url), seen: [] };
    socket.socket.on('message', (data) => {
      socket.seen.push({ message: JSON.parse((data as Buffer).toString('utf8')) as LiveMessage, at: now() });
    });
    socket.socket.once('open', () => resolve(socket));
    socket.socket.once('error', reject);
  });
}

async function arrival(socket: Socket, matches: (message: LiveMessage) => boolean, deadline: number): Promise<number | undefined> {
  for (;;) {
    const found = socket.seen.find((entry) => matches(entry.message));
    if (found) return found.at;
    if (now() > deadline) return undefined;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** How long a missed message is still waited for, to tell a late one from a lost one. */
const LATE_MS = 30_000;

/** A missed message, whether it came late, and the local cloud's error and warning lines of its round. */
function reportMiss(what: string, postId: string, lateMs: number | undefined, log: string): void {
  const suspect = errorsAndWarnings(log);
  const came = lateMs === undefined ? `not there ${LATE_MS / 1000} s later either` : `arrived ${Math.round(lateMs)} ms after the answer`;
  console.log(`  missed ${what} of post ${postId} (${came}); the local cloud's errors and warnings in that round: ${suspect.length}`);
  for (const line of suspect.slice(-20)) console.log(`    ${line}`);
}

let runs = 0;

export async function measureLatency(
  cloud: LocalCloudProcess,
  options: LatencyOptions,
  author: TestUser,
  reader: TestUser,
  moderator: TestUser,
): Promise<LatencyResult> {
  const run = ++runs;
  const result: LatencyResult = { publicationNotice: [], comment: [], commentNotice: [], missed: 0 };
  const authorSocket = await open(`${cloud.config.wsUrl}?token=${encodeURIComponent(author.idToken)}`);
  try {
    for (let index = 0; index < options.rounds; index++) {
      const logStart = cloud.output().length;
      const created = await publish(cloud, author.idToken, {
        category: 'varios',
        post: `Aviso ${run}.${index}: perdí el último tren por un minuto y llovía a mares. Vaya día.`,
      });
      if (created.status !== 201) throw new Error(`publish answered ${created.status}: ${JSON.stringify(created.body)}`);
      const { id } = created.body as OwnPost;
      const decided = await decide(cloud, moderator.idToken, id, 'publish');
      const publishedAt = now();
      if (decided.status !== 200) throw new Error(`the decision answered ${decided.status}: ${JSON.stringify(decided.body)}`);
      const noticeOf = (kind: string) => (message: LiveMessage) =>
        message.type === 'notification.created' && message.notification.postId === id && message.notification.type === kind;
      const published = await arrival(authorSocket, noticeOf('post.published'), publishedAt + options.settleMs);

      const readerSocket = await open(`${cloud.config.wsUrl}?post=${id}`);
      try {
        const commented = await call(cloud, `/posts/${id}/comments`, {
          method: 'POST',
          token: reader.idToken,
          body: { text: `Qué mala suerte, ${index}. A mí me pasó lo mismo el martes.` },
        });
        const commentedAt = now();
        if (commented.status !== 201) throw new Error(`the comment answered ${commented.status}: ${JSON.stringify(commented.body)}`);
        const commentOf = (message: LiveMessage) => message.type === 'comment.created' && message.comment.postId === id;
        const [comment, commentNotice] = await Promise.all([
          arrival(readerSocket, commentOf, commentedAt + options.settleMs),
          arrival(authorSocket, noticeOf('comment.created'), commentedAt + options.settleMs),
        ]);
        for (const [what, list, at, from, socket, matches] of [
          ['the publication notice', result.publicationNotice, published, publishedAt, authorSocket, noticeOf('post.published')],
          ['comment.created', result.comment, comment, commentedAt, readerSocket, commentOf],
          ['the comment notice', result.commentNotice, commentNotice, commentedAt, authorSocket, noticeOf('comment.created')],
        ] as const) {
          if (at !== undefined) list.push(Math.max(0, at - from));
          else {
            result.missed++;
            // Late or lost: the socket is kept open a while longer for it (not counted either way).
            const late = await arrival(socket, matches, now() + LATE_MS);
            reportMiss(what, id, late === undefined ? undefined : late - from, cloud.output().slice(logStart));
          }
        }
      } finally {
        readerSocket.socket.terminate();
      }
      authorSocket.seen.length = 0;
    }
  } finally {
    authorSocket.socket.terminate();
  }
  console.log(
    `  publication notice p50 ${percentile(result.publicationNotice, 50).toFixed(0)} ms, comment p50 ${percentile(result.comment, 50).toFixed(0)} ms, comment notice p50 ${percentile(result.commentNotice, 50).toFixed(0)} ms, missed ${result.missed}`,
  );
  return result;
}
