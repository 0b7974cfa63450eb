/**
 * The moderation queue never says it is empty while a post waits for the voter, however many they
 * skipped — against the real local cloud, with more skipped posts than the queue's first reads hold.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../functions/contract/errors';
import type { PendingPost } from '../../functions/contract/moderation';
import type { OwnPost } from '../../functions/contract/posts';
import { RATE_LIMIT } from '../../functions/contract/posts';
import { call, publish } from '../support/api';
import { cloudPerFile } from '../support/cloudPerFile';
import { createUser } from '../support/users';

const site = cloudPerFile({ env: { SEED: '0' } });

/** More than the 25 + 100 entries of the queue's first two reads, as in the case found: 100 skipped, 34 waiting. */
const WAITING = 134;

describe('GET /moderation/next past many skipped posts', () => {
  it('offers the 101st post after 100 skips, and says QUEUE_EMPTY only once every post was skipped', async () => {
    const writers = await Promise.all(
      Array.from({ length: Math.ceil(WAITING / RATE_LIMIT.count) }, (_, index) =>
        createUser(site.cloud, { name: `Cola Larga ${index} ${randomUUID().slice(0, 4)}` }),
      ),
    );
    const sent: string[] = [];
    // Oldest first: one post at a time per writer, writers in turn, so the queue's order is the order sent.
    for (let index = 0; index < WAITING; index++) {
      const writer = writers[index % writers.length]!;
      const answer = await publish(site.cloud, writer.idToken, {
        category: 'varios',
        post: `En la cola larga, la ${index} (${randomUUID()})`,
      });
      expect(answer.status).toBe(201);
      sent.push((answer.body as OwnPost).id);
    }
    const voter = await createUser(site.cloud);
    const next = () => call<PendingPost | ErrorBody>(site.cloud, '/moderation/next', { token: voter.idToken });
    const skip = (id: string) => call(site.cloud, `/moderation/${id}/skip`, { method: 'PUT', token: voter.idToken });

    for (let index = 0; index < 100; index++) expect((await skip(sent[index]!)).status).toBe(204);
    expect(await next()).toMatchObject({ status: 200, body: { id: sent[100] } });

    for (let index = 100; index < WAITING; index++) expect((await skip(sent[index]!)).status).toBe(204);
    expect(await next()).toMatchObject({ status: 404, body: { error: { code: 'QUEUE_EMPTY' } } });
  }, 300_000);
});
