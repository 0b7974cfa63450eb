import { describe, expect, it } from 'vitest';
import type { Post } from '../../functions/contract';
import { broadcastPosts, type ConnectionSender } from '../../functions/domain/broadcast';
import type { ConnectionRepository } from '../../functions/domain/ports';

const post: Post = { id: 'p1', name: 'Ana', category: 'amor', post: 'Hola', createdAt: '2026-01-01T00:00:00.000Z' };

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
        delivered.push(`${id}:${(JSON.parse(data) as { post: { id: string } }).post.id}`);
        return 'sent';
      },
    };
    const errors: string[] = [];
    const report = await broadcastPosts({ connections, sender, onError: (id) => errors.push(id) }, [post]);
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
    const report = await broadcastPosts({ connections, sender, concurrency: 5 }, [post]);
    expect(report.sent).toBe(40);
    expect(peak).toBe(5);
  });
});
