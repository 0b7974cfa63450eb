/**
 * Limits on the cheap, repeatable writes — renames (RENAME_RATE_LIMIT an hour) and vote and save
 * toggles (TOGGLE_RATE_LIMIT a minute) — against the real local cloud, exact when sent at once.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { RENAME_RATE_LIMIT, type Me } from '../../functions/contract/accounts';
import { ERRORS, type ErrorBody } from '../../functions/contract/errors';
import { TOGGLE_RATE_LIMIT } from '../../functions/contract/posts';
import { call } from '../support/api';
import { cloudPerFile } from '../support/cloudPerFile';
import { publishApproved } from '../support/moderation';
import { createUser, type TestUser } from '../support/users';

const site = cloudPerFile({ env: { SEED: '0' }, moderator: true });

const rename = (user: TestUser, name: string) =>
  call<{ name: string } | ErrorBody>(site.cloud, '/me/name', { method: 'PUT', token: user.idToken, body: { name } });
const save = (user: TestUser, id: string) =>
  call<ErrorBody | undefined>(site.cloud, `/posts/${id}/save`, { method: 'PUT', token: user.idToken });
const vote = (user: TestUser, id: string, kind: 'agree' | 'deserved') =>
  call<ErrorBody | undefined>(site.cloud, `/posts/${id}/vote`, { method: 'PUT', token: user.idToken, body: { vote: kind } });

const subOf = (user: TestUser) => String(decodeJwt(user.idToken).sub);

const statusesOf = (answers: { status: number }[]) => answers.map((answer) => answer.status).sort();

/**
 * Waits until the current toggle window has at least `needed` ms left, so a burst is counted in one
 * window (a fixed window: a burst across two could pass twice the limit, which is still a bound).
 */
async function windowWithRoom(needed: number): Promise<void> {
  const left = () => TOGGLE_RATE_LIMIT.windowMs - (Date.now() % TOGGLE_RATE_LIMIT.windowMs);
  while (left() < needed) await new Promise((resolve) => setTimeout(resolve, 250));
}

describe('renames', () => {
  it(`allow ${RENAME_RATE_LIMIT.count} claims an hour, the first included: then TOO_MANY_RENAMES and the name stays`, async () => {
    const user = await createUser(site.cloud, { name: `Cambiante ${randomUUID().slice(0, 4)}` });
    const names = Array.from({ length: RENAME_RATE_LIMIT.count - 1 }, (_, i) => `Cambiante ${i} ${randomUUID().slice(0, 4)}`);
    for (const name of names) expect(await rename(user, name)).toMatchObject({ status: 200, body: { name } });
    const refused = await rename(user, `Otra Más ${randomUUID().slice(0, 4)}`);
    expect(refused).toMatchObject({ status: 429, body: { error: { code: 'TOO_MANY_RENAMES', message: ERRORS.TOO_MANY_RENAMES.message } } });
    expect((await call<Me>(site.cloud, '/me', { token: user.idToken })).body.name).toBe(names.at(-1));
  });

  it('let exactly the hour’s remaining claims through when twenty are sent at once', async () => {
    const user = await createUser(site.cloud, { name: `Veinte ${randomUUID().slice(0, 4)}` });
    const names = Array.from({ length: 20 }, (_, i) => `Veinte ${i} ${randomUUID().slice(0, 4)}`);
    const answers = await Promise.all(names.map((name) => rename(user, name)));
    expect(statusesOf(answers)).toEqual([
      ...Array<number>(RENAME_RATE_LIMIT.count - 1).fill(200),
      ...Array<number>(20 - RENAME_RATE_LIMIT.count + 1).fill(429),
    ]);
  });
});

describe('vote and save toggles', () => {
  /** What each toggle window between `from` and `to` counted for `user` (the rate-limits table's rows). */
  async function takenPerWindow(user: TestUser, from: number, to: number): Promise<number[]> {
    const { windowMs } = TOGGLE_RATE_LIMIT;
    const starts: number[] = [];
    for (let start = Math.floor(from / windowMs) * windowMs; start <= to; start += windowMs) starts.push(start);
    const rows = await Promise.all(
      starts.map((start) =>
        site.documents.send(
          new GetCommand({
            TableName: site.cloud.tables.rateLimits,
            Key: { userId: `toggles#${subOf(user)}#${start}` },
            ConsistentRead: true,
          }),
        ),
      ),
    );
    return rows.map(({ Item }) => (typeof Item?.taken === 'number' ? Item.taken : 0)).filter((taken) => taken > 0);
  }

  it(`allow ${TOGGLE_RATE_LIMIT.count} saves a minute per account, exactly, when more are sent at once`, async () => {
    const author = await createUser(site.cloud);
    const post = await publishApproved(site.cloud, author, site.moderator, {
      category: 'varios',
      post: `Para guardar mucho ${randomUUID()}`,
    });
    const saver = await createUser(site.cloud);
    await windowWithRoom(30_000);
    const from = Date.now();
    const answers = await Promise.all(Array.from({ length: TOGGLE_RATE_LIMIT.count + 10 }, () => save(saver, post.id)));
    const taken = await takenPerWindow(saver, from, Date.now());
    const passed = answers.filter((answer) => answer.status === 204).length;
    // Every answer is a save or the limit's refusal; no window counted more than the limit, and each save was counted.
    expect(answers.filter((answer) => answer.status !== 204).map((answer) => answer.body?.error.code)).toEqual(
      Array<string>(answers.length - passed).fill('TOO_MANY_CHANGES'),
    );
    expect(Math.max(...taken)).toBe(TOGGLE_RATE_LIMIT.count);
    expect(taken.reduce((sum, one) => sum + one, 0)).toBe(passed);
    // Within one window (the usual case: the burst starts with 30 s left), exactly the limit passed.
    expect(taken.length === 1 ? passed : TOGGLE_RATE_LIMIT.count).toBe(TOGGLE_RATE_LIMIT.count);
    // Another account is not held back.
    expect((await save(author, post.id)).status).toBe(204);
  }, 180_000);

  it(`refuse the vote change past ${TOGGLE_RATE_LIMIT.count} in a minute with TOO_MANY_CHANGES; the same vote again is no change`, async () => {
    const author = await createUser(site.cloud);
    const post = await publishApproved(site.cloud, author, site.moderator, {
      category: 'varios',
      post: `Para votar mucho ${randomUUID()}`,
    });
    const voter = await createUser(site.cloud);
    await windowWithRoom(45_000);
    const from = Date.now();
    // Alternate, one at a time, so each is a change; stop at the first refusal.
    let changes = 0;
    let refused: { status: number; body: ErrorBody | undefined } | undefined;
    while (!refused && changes <= 2 * TOGGLE_RATE_LIMIT.count) {
      const answer = await vote(voter, post.id, changes % 2 === 0 ? 'agree' : 'deserved');
      if (answer.status === 200) changes++;
      else refused = answer;
    }
    expect(refused).toMatchObject({ status: 429, body: { error: { code: 'TOO_MANY_CHANGES', message: ERRORS.TOO_MANY_CHANGES.message } } });
    const taken = await takenPerWindow(voter, from, Date.now());
    expect(taken.at(-1)).toBe(TOGGLE_RATE_LIMIT.count);
    expect(taken.reduce((sum, one) => sum + one, 0)).toBe(changes);
    // The vote held is the last change's; sending it again changes nothing and is not refused.
    expect((await vote(voter, post.id, changes % 2 === 0 ? 'deserved' : 'agree')).status).toBe(200);
  }, 240_000);

  it('count a comment vote change with the same account’s saves: past the limit TOO_MANY_CHANGES, the same vote again is no change', async () => {
    const author = await createUser(site.cloud);
    const post = await publishApproved(site.cloud, author, site.moderator, {
      category: 'varios',
      post: `Para votar comentarios ${randomUUID()}`,
    });
    const comment = (
      await call<{ id: string }>(site.cloud, `/posts/${post.id}/comments`, {
        method: 'POST',
        token: author.idToken,
        body: { text: 'Un comentario para votar' },
      })
    ).body;
    const voter = await createUser(site.cloud);
    const commentVote = (kind: 'up' | 'down') =>
      call<ErrorBody | undefined>(site.cloud, `/comments/${comment.id}/vote`, {
        method: 'PUT',
        token: voter.idToken,
        body: { vote: kind },
      });
    await windowWithRoom(30_000);
    // All but one of the minute's changes spent on saves, at once.
    const saves = await Promise.all(Array.from({ length: TOGGLE_RATE_LIMIT.count - 1 }, () => save(voter, post.id)));
    expect(saves.every((answer) => answer.status === 204)).toBe(true);
    expect((await commentVote('up')).status).toBe(200);
    expect(await commentVote('down')).toMatchObject({
      status: 429,
      body: { error: { code: 'TOO_MANY_CHANGES', message: ERRORS.TOO_MANY_CHANGES.message } },
    });
    // The «+1» stands, and sending it again is no change.
    expect(await commentVote('up')).toMatchObject({ status: 200, body: { votes: { up: 1, down: 0 }, myVote: 'up' } });
  }, 180_000);
});
