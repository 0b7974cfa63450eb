import { describe, expect, it } from 'vitest';
import type { LiveMessage } from '../../functions/contract/live';
import {
  broadcastMessages,
  fanOutMessages,
  liveMessagesFor,
  planParts,
  sendPart,
  type BroadcastPart,
  type ConnectionSender,
} from '../../functions/domain/broadcast';
import type { ConnectionRepository } from '../../functions/domain/ports/connections';
import type { StoredPost } from '../../functions/domain/ports/posts';
import { storedPost } from './factories';

const published = storedPost({ id: 'p1', status: 'published', publishedAt: '2026-01-01T00:05:00.000Z' });
const message: LiveMessage = { type: 'post.removed', id: 'p1' };

/** Which segment of a parallel Scan in `total` an id falls in: by a hash of the key, as DynamoDB splits a table. */
function segmentOf(id: string, total: number): number {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash % total;
}

/** An in-memory connection store served in pages, like a paginated (and optionally parallel) Scan. */
function memoryConnections(ids: string[], pageSize = 3): ConnectionRepository & { ids: Set<string> } {
  const store = new Set(ids);
  return {
    ids: store,
    add: async (id) => void store.add(id),
    remove: async (id) => void store.delete(id),
    async *list(segment) {
      const all = [...store].filter((id) => !segment || segmentOf(id, segment.totalSegments) === segment.segment);
      for (let i = 0; i < all.length; i += pageSize) yield all.slice(i, i + pageSize);
    },
    countSegment: async ({ segment, totalSegments }) => [...store].filter((id) => segmentOf(id, totalSegments) === segment).length,
  };
}

describe('broadcastPosts', () => {
  it('reaches every connection across pages, deletes only the gone ones, and survives failing ones', async () => {
    const connections = memoryConnections(['a', 'gone1', 'b', 'boom', 'c', 'gone2', 'd']);
    const delivered: string[] = [];
    const sender: ConnectionSender = {
      async send(id, data) {
        if (id.startsWith('gone')) return 'gone';
        if (id === 'boom') throw new Error('network down');
        delivered.push(`${id}:${(JSON.parse(data) as { id: string }).id}`);
        return 'sent';
      },
    };
    const errors: string[] = [];
    const report = await broadcastMessages({ connections, sender, onError: (id) => errors.push(id) }, [message]);
    expect(report).toEqual({ sent: 4, gone: 2, failed: 1 });
    expect(delivered.sort()).toEqual(['a:p1', 'b:p1', 'c:p1', 'd:p1']);
    expect([...connections.ids].sort()).toEqual(['a', 'b', 'boom', 'c', 'd']);
    expect(errors).toEqual(['boom']);
  });

  it('never has more sends in flight than the concurrency bound', async () => {
    const connections = memoryConnections(
      Array.from({ length: 40 }, (_, i) => `c${i}`),
      40,
    );
    let inFlight = 0;
    let peak = 0;
    const sender: ConnectionSender = {
      async send() {
        inFlight++;
        peak = Math.max(peak, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 2));
        inFlight--;
        return 'sent';
      },
    };
    const report = await broadcastMessages({ connections, sender, concurrency: 5 }, [message]);
    expect(report.sent).toBe(40);
    expect(peak).toBe(5);
  });
});

describe('fanOutMessages', () => {
  const plan = { connectionsPerPart: 10, maxParts: 8, sampleOneIn: 1 };
  const recorder = () => {
    const delivered: string[] = [];
    const sender: ConnectionSender = {
      async send(id, data) {
        if (id.startsWith('gone')) return 'gone';
        delivered.push(`${id}:${(JSON.parse(data) as { id: string }).id}`);
        return 'sent';
      },
    };
    return { delivered, sender };
  };

  it('plans enough parts for the audience, one segment each, at most maxParts', () => {
    expect(planParts(0, plan)).toEqual([{ segment: 0, totalSegments: 1 }]);
    expect(planParts(10, plan)).toEqual([{ segment: 0, totalSegments: 1 }]);
    expect(planParts(11, plan)).toEqual([
      { segment: 0, totalSegments: 2 },
      { segment: 1, totalSegments: 2 },
    ]);
    expect(planParts(10_000, plan)).toHaveLength(8);
  });

  it('sends the first part itself, dispatches the others, and together they reach every connection once', async () => {
    const ids = [...Array.from({ length: 45 }, (_, i) => `c${i}`), 'gone1', 'gone2'];
    const connections = memoryConnections(ids, 4);
    const { delivered, sender } = recorder();
    const dispatched: Array<{ part: BroadcastPart; messages: LiveMessage[] }> = [];
    const report = await fanOutMessages(
      { connections, sender, plan, dispatcher: { dispatch: async (part, messages) => void dispatched.push({ part, messages }) } },
      [message],
    );
    expect(report.estimated).toBe(47);
    expect(report.parts).toBe(5);
    expect(dispatched.map((entry) => entry.part)).toEqual([1, 2, 3, 4].map((segment) => ({ segment, totalSegments: 5 })));
    // What the dispatched invocations do: each sends its own segment.
    for (const entry of dispatched) await sendPart({ connections, sender }, entry.part, entry.messages);
    expect(delivered.sort()).toEqual(
      ids
        .filter((id) => !id.startsWith('gone'))
        .map((id) => `${id}:p1`)
        .sort(),
    );
    expect([...connections.ids]).not.toContain('gone1');
    expect([...connections.ids]).not.toContain('gone2');
  });

  it('dispatches nothing and reads nothing when there is no message', async () => {
    const connections = memoryConnections(['a', 'b']);
    const { delivered, sender } = recorder();
    let dispatches = 0;
    const report = await fanOutMessages({ connections, sender, plan, dispatcher: { dispatch: async () => void dispatches++ } }, []);
    expect(report).toEqual({ sent: 0, gone: 0, failed: 0, estimated: 0, parts: 0 });
    expect(dispatches + delivered.length).toBe(0);
  });

  it('fails (so the stream batch is retried) when a part cannot be dispatched', async () => {
    const connections = memoryConnections(Array.from({ length: 30 }, (_, i) => `c${i}`));
    const { sender } = recorder();
    const dispatcher = { dispatch: () => Promise.reject(new Error('TooManyRequestsException')) };
    await expect(fanOutMessages({ connections, sender, plan, dispatcher }, [message])).rejects.toThrow('TooManyRequestsException');
  });
});

describe('liveMessagesFor', () => {
  const as = (status: StoredPost['status'], extra: Partial<StoredPost> = {}) => ({ ...published, status, ...extra });
  const publicView = {
    id: 'p1',
    name: published.name,
    category: published.category,
    post: published.post,
    createdAt: published.createdAt,
    publishedAt: published.publishedAt,
    votes: { agree: 0, deserved: 0 },
    comments: 0,
  };

  it('announces post.published, with the public post only, when a post enters the feeds', () => {
    expect(liveMessagesFor({ before: as('pending', { publishedAt: null }), after: as('published') })).toEqual([
      { type: 'post.published', post: publicView },
    ]);
    expect(liveMessagesFor({ before: as('hidden'), after: as('published') })).toEqual([{ type: 'post.published', post: publicView }]);
    expect(liveMessagesFor({ after: as('published') })).toEqual([{ type: 'post.published', post: publicView }]);
    expect(JSON.stringify(liveMessagesFor({ after: as('published') }))).not.toContain(published.authorId);
  });

  it('announces post.removed when a post leaves the feeds: removed, hidden, or deleted from the table', () => {
    expect(liveMessagesFor({ before: as('published'), after: as('removed') })).toEqual([{ type: 'post.removed', id: 'p1' }]);
    expect(liveMessagesFor({ before: as('published'), after: as('hidden') })).toEqual([{ type: 'post.removed', id: 'p1' }]);
    expect(liveMessagesFor({ before: as('published') })).toEqual([{ type: 'post.removed', id: 'p1' }]);
  });

  it('says nothing when the status stays on the same side of the feeds', () => {
    expect(liveMessagesFor({ before: as('pending'), after: as('pending', { moderation: { score: 1, votes: 1 } }) })).toEqual([]);
    expect(liveMessagesFor({ before: as('published'), after: as('published', { reports: 1 }) })).toEqual([]);
    expect(liveMessagesFor({ before: as('pending'), after: as('rejected') })).toEqual([]);
    expect(liveMessagesFor({ before: as('hidden'), after: as('removed') })).toEqual([]);
    expect(liveMessagesFor({ after: as('pending') })).toEqual([]);
  });
});
