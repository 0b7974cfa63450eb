import { describe, expect, it } from 'vitest';
import type { LiveMessage } from '../../functions/contract';
import { broadcastMessages, liveMessagesFor, type ConnectionSender } from '../../functions/domain/broadcast';
import type { ConnectionRepository, StoredPost } from '../../functions/domain/ports';
import { storedPost } from './factories';

const published = storedPost({ id: 'p1', status: 'published', publishedAt: '2026-01-01T00:05:00.000Z' });
const message: LiveMessage = { type: 'post.removed', id: 'p1' };

/** An in-memory connection store served in pages, like a paginated Scan. */
function memoryConnections(ids: string[], pageSize = 3): ConnectionRepository & { ids: Set<string> } {
  const store = new Set(ids);
  return {
    ids: store,
    add: async (id) => void store.add(id),
    remove: async (id) => void store.delete(id),
    async *list() {
      const all = [...store];
      for (let i = 0; i < all.length; i += pageSize) yield all.slice(i, i + pageSize);
    },
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
    const connections = memoryConnections(Array.from({ length: 40 }, (_, i) => `c${i}`), 40);
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
    expect(liveMessagesFor({ before: as('pending', { publishedAt: null }), after: as('published') })).toEqual([{ type: 'post.published', post: publicView }]);
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
