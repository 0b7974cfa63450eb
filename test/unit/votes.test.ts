import { describe, expect, it } from 'vitest';
import { LIVE_UPDATE_INTERVAL_MS, toLiveMessage, type LiveMessage } from '../../functions/contract/live';
import { liveMessagesFor } from '../../functions/domain/broadcast';
import { coalesceUpdates, UpdatePacer } from '../../functions/domain/liveUpdates';
import { bucketOf, bucketsOf, madridDate } from '../../functions/domain/periods';
import { decodeRankCursor, encodeRankCursor, rankKey, rankingWork, rankRowsFor } from '../../functions/domain/rankings';
import { movedVotes } from '../../functions/domain/votes';
import { storedPost } from './factories';

describe('Madrid calendar periods', () => {
  it('puts a moment in the day, week (from Monday) and month of its Madrid date, in winter and summer time', () => {
    // 23:30 UTC on Saturday 31 January is already Sunday 1 February in Madrid (UTC+1).
    expect(bucketsOf(new Date('2026-01-31T23:30:00Z'))).toEqual({
      day: 'day#2026-02-01',
      week: 'week#2026-01-26',
      month: 'month#2026-02',
      all: 'all',
    });
    // 21:59 UTC on Sunday 29 March 2026 is 23:59 in Madrid (UTC+2 since that morning): still that week.
    expect(bucketsOf(new Date('2026-03-29T21:59:00Z'))).toEqual({
      day: 'day#2026-03-29',
      week: 'week#2026-03-23',
      month: 'month#2026-03',
      all: 'all',
    });
    expect(bucketsOf(new Date('2026-03-29T22:00:00Z'))).toEqual({
      day: 'day#2026-03-30',
      week: 'week#2026-03-30',
      month: 'month#2026-03',
      all: 'all',
    });
    // New Year's Eve in Madrid spans two ISO weeks' years; the week is still keyed by its Monday.
    expect(bucketOf('week', new Date('2026-12-31T23:00:00Z'))).toBe('week#2026-12-28');
    expect(madridDate(new Date('2026-10-25T00:30:00Z'))).toBe('2026-10-25');
  });
});

describe('rank rows', () => {
  it('order by count, then newest first, as text', () => {
    const keys = [
      rankKey(2, '2026-01-01T00:00:00.000Z', 'b'),
      rankKey(10, '2025-01-01T00:00:00.000Z', 'a'),
      rankKey(2, '2026-02-01T00:00:00.000Z', 'c'),
    ];
    expect(
      [...keys]
        .sort()
        .reverse()
        .map((key) => key.slice(-1)),
    ).toEqual(['a', 'c', 'b']);
    expect(rankKey(-3, '2026-01-01T00:00:00.000Z', 'x').startsWith('0000000000#')).toBe(true);
  });

  it('exist for published posts only, one per period', () => {
    const post = storedPost({ status: 'published', publishedAt: '2026-05-04T10:00:00.000Z', votes: { agree: 7, deserved: 1 } });
    const rows = rankRowsFor(post);
    expect(rows.map((row) => [row.period, row.bucket])).toEqual([
      ['day', 'day#2026-05-04'],
      ['week', 'week#2026-05-04'],
      ['month', 'month#2026-05'],
      ['all', 'all'],
    ]);
    expect(rows[0]!.ranks).toEqual({ agree: rankKey(7, post.publishedAt!, post.id), deserved: rankKey(1, post.publishedAt!, post.id) });
    expect(rankRowsFor({ ...post, status: 'hidden' })).toEqual([]);
  });

  it('follow a batch of changes to each post’s final state, and ignore what the Top does not show', () => {
    const before = storedPost({ status: 'published' });
    const voted = { ...before, votes: { agree: 1, deserved: 0 } };
    const votedAgain = { ...before, votes: { agree: 2, deserved: 0 } };
    const reported = { ...votedAgain, reports: 1 };
    const leaving = storedPost({ status: 'published' });
    const pending = storedPost();
    const work = rankingWork([
      { before, after: voted },
      { before: leaving, after: { ...leaving, status: 'removed' } },
      { before: voted, after: votedAgain },
      { before: votedAgain, after: reported },
      { before: pending, after: { ...pending, moderation: { score: 1, votes: 1 } } },
    ]);
    expect(work.put).toEqual(rankRowsFor(reported));
    expect(work.remove).toEqual([leaving.id]);
    expect(rankingWork([{ before: votedAgain, after: reported }])).toEqual({ put: [], remove: [] });
    const entering = storedPost({ status: 'published' });
    expect(rankingWork([{ before: { ...entering, status: 'pending' }, after: entering }]).put).toHaveLength(4);
  });

  it('cursors round-trip, and anything else is INVALID_CURSOR', () => {
    const key = rankKey(3, '2026-01-01T00:00:00.000Z', '0d5c3a4e-1b2c-4d5e-8f90-123456789abc');
    expect(decodeRankCursor(encodeRankCursor(key))).toBe(key);
    for (const bad of ['', 'x', encodeRankCursor('3#2026-01-01T00:00:00.000Z#id'), encodeRankCursor(`${key} `)]) {
      expect(() => decodeRankCursor(bad)).toThrow(expect.objectContaining({ code: 'INVALID_CURSOR' }));
    }
  });
});

describe('counts', () => {
  it('move one vote from one kind to the other, or in or out', () => {
    expect(movedVotes({ agree: 3, deserved: 1 }, 'agree', 'deserved')).toEqual({ agree: 2, deserved: 2 });
    expect(movedVotes({ agree: 3, deserved: 1 }, null, 'agree')).toEqual({ agree: 4, deserved: 1 });
    expect(movedVotes({ agree: 3, deserved: 1 }, 'deserved', null)).toEqual({ agree: 3, deserved: 0 });
  });
});

describe('post.updated', () => {
  const post = storedPost({ status: 'published' });

  it('is what a change of a published post’s counts produces, and nothing else does', () => {
    const after = { ...post, votes: { agree: 1, deserved: 0 } };
    expect(liveMessagesFor({ before: post, after })).toEqual([
      { type: 'post.updated', id: post.id, votes: { agree: 1, deserved: 0 }, comments: 0 },
    ]);
    expect(liveMessagesFor({ before: post, after: { ...post, comments: 2 } })).toEqual([
      { type: 'post.updated', id: post.id, votes: { agree: 0, deserved: 0 }, comments: 2 },
    ]);
    expect(liveMessagesFor({ before: post, after: { ...post, reports: 1 } })).toEqual([]);
    const pending = storedPost();
    expect(liveMessagesFor({ before: pending, after: { ...pending, votes: { agree: 1, deserved: 0 } } })).toEqual([]);
  });

  it('is read by clients, and a malformed one is ignored', () => {
    const message = { type: 'post.updated', id: 'p', votes: { agree: 1, deserved: 2 }, comments: 3 };
    expect(toLiveMessage(message)).toEqual(message);
    expect(toLiveMessage({ ...message, votes: { agree: '1', deserved: 2 } })).toBeNull();
    expect(toLiveMessage({ ...message, id: '' })).toBeNull();
  });

  const update = (id: string, agree: number): LiveMessage => ({ type: 'post.updated', id, votes: { agree, deserved: 0 }, comments: 0 });

  it('keeps the last update of each post in a batch, and every other message', () => {
    const removed: LiveMessage = { type: 'post.removed', id: 'c' };
    expect(coalesceUpdates([update('a', 1), update('b', 1), removed, update('a', 2), update('a', 3)])).toEqual([
      update('b', 1),
      removed,
      update('a', 3),
    ]);
  });

  it('goes out at most once a second per post, never dropping the latest counts', async () => {
    let now = 0;
    const sent: Array<{ at: number; messages: LiveMessage[] }> = [];
    const sleeps: number[] = [];
    const pacer = new UpdatePacer({
      now: () => now,
      sleep: (ms) => {
        sleeps.push(ms);
        now += ms;
        return Promise.resolve();
      },
    });
    const send = (messages: LiveMessage[]) => {
      sent.push({ at: now, messages });
      return Promise.resolve(messages.length);
    };
    expect(await pacer.deliver([update('a', 1), update('a', 2)], send)).toEqual([1]);
    now = 300;
    const removed: LiveMessage = { type: 'post.removed', id: 'z' };
    expect(await pacer.deliver([update('a', 5), update('b', 1), removed], send)).toEqual([2, 1]);
    expect(sleeps).toEqual([LIVE_UPDATE_INTERVAL_MS - 300]);
    expect(sent).toEqual([
      { at: 0, messages: [update('a', 2)] },
      { at: 300, messages: [update('b', 1), removed] },
      { at: LIVE_UPDATE_INTERVAL_MS, messages: [update('a', 5)] },
    ]);
    now = 2 * LIVE_UPDATE_INTERVAL_MS;
    expect(await pacer.deliver([update('a', 6)], send)).toEqual([1]);
    expect(sleeps).toHaveLength(1);
  });
});
