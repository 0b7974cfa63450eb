import { describe, expect, it } from 'vitest';
import { POST_STATUSES } from '../../functions/contract/posts';
import { postFromItem, postItem, statusUpdate, updateParams, withCounters } from '../../functions/store/dynamodb/postItems';
import { storedPost } from './factories';

const FEED_KEYS = ['feed', 'sortKey', 'rand'];
const QUEUE_KEYS = ['queue', 'queuedAt'];

describe('post items', () => {
  it('round-trip every status', () => {
    for (const status of POST_STATUSES) {
      const post = storedPost({ status, reports: 2, moderation: { score: -1, votes: 3 } });
      expect(postFromItem(postItem(post))).toEqual(post);
    }
  });

  it('hold the feed index keys only while published, and the queue keys only while pending or hidden (sparse indexes)', () => {
    for (const status of POST_STATUSES) {
      const item = postItem(storedPost({ status }));
      for (const key of FEED_KEYS) expect(key in item, `${key} when ${status}`).toBe(status === 'published');
      for (const key of QUEUE_KEYS) expect(key in item, `${key} when ${status}`).toBe(status === 'pending' || status === 'hidden');
      expect(item.createdKey).toBe(`${item.createdAt as string}#${item.id as string}`);
    }
    const published = postItem(storedPost({ status: 'published', publishedAt: '2026-02-02T10:00:00.000Z' }));
    expect(published.sortKey).toBe(`2026-02-02T10:00:00.000Z#${published.id as string}`);
    expect(postItem(storedPost()).queue).toBe('pending');
  });

  it('are not posts when a field is missing or of the wrong kind', () => {
    const item = postItem(storedPost());
    expect(postFromItem(undefined)).toBeUndefined();
    expect(postFromItem({ ...item, status: 'deleted' })).toBeUndefined();
    expect(postFromItem({ ...item, category: 'deportes' })).toBeUndefined();
    const { authorId: _authorId, ...anonymous } = item;
    expect(postFromItem(anonymous)).toBeUndefined();
  });
});

describe('status updates', () => {
  const at = new Date('2026-03-01T09:00:00.000Z');

  it('publishing sets publishedAt and the feed keys, leaves the queue, and is conditioned on the status read', () => {
    const post = storedPost();
    const params = updateParams(statusUpdate(post, 'published', at));
    const names = Object.values(params.ExpressionAttributeNames);
    expect(params.ConditionExpression).toBe('#status = :from');
    expect(params.ExpressionAttributeValues[':from']).toBe('pending');
    expect(params.UpdateExpression).toMatch(/^SET .* REMOVE /);
    for (const key of ['status', 'publishedAt', ...FEED_KEYS, ...QUEUE_KEYS]) expect(names).toContain(key);
    expect(Object.values(params.ExpressionAttributeValues)).toContain(`${at.toISOString()}#${post.id}`);
  });

  it('restoring a hidden post keeps its publishedAt and clears its reports', () => {
    const post = storedPost({ status: 'hidden', publishedAt: '2026-01-05T00:00:00.000Z', reports: 3 });
    const update = statusUpdate(post, 'published', at);
    expect(update.set).toMatchObject({
      publishedAt: '2026-01-05T00:00:00.000Z',
      reports: 0,
      sortKey: `2026-01-05T00:00:00.000Z#${post.id}`,
    });
  });

  it('hiding or removing takes the post out of the feeds; hiding queues it for moderators', () => {
    const post = storedPost({ status: 'published' });
    expect(statusUpdate(post, 'hidden', at)).toMatchObject({ set: { queue: 'hidden' }, remove: FEED_KEYS });
    expect(statusUpdate(post, 'removed', at).remove).toEqual([...FEED_KEYS, ...QUEUE_KEYS]);
  });

  it('adds counters and their condition to the same update', () => {
    const params = updateParams(
      withCounters(statusUpdate(storedPost(), 'published', at), { modScore: 1, modVotes: 1 }, 'modScore = :score', { ':score': 2 }),
    );
    expect(params.ConditionExpression).toBe('#status = :from AND modScore = :score');
    expect(params.UpdateExpression).toMatch(/ ADD #a0 :a0, #a1 :a1 /);
    expect(params.ExpressionAttributeValues).toMatchObject({ ':a0': 1, ':a1': 1, ':score': 2 });
  });
});
