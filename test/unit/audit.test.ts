/** The audit's comparisons where the names table and the counters have cases a site in use rarely shows. */
import { describe, expect, it } from 'vitest';
import { auditSources } from '../../functions/domain/audit';
import type { AuditSourceStore, NameRowRead, PostCounters } from '../../functions/domain/ports/audit';

async function* pages<T>(rows: T[]): AsyncIterable<T[]> {
  if (rows.length > 0) yield rows;
}

function store(parts: {
  posts?: PostCounters[];
  votes?: Array<{ postId: string; vote: string }>;
  comments?: Array<{ postId: string }>;
  names?: NameRowRead[];
}): AuditSourceStore {
  return {
    postCounters: () => pages(parts.posts ?? []),
    voteRows: () => pages(parts.votes ?? []),
    visibleComments: () => pages(parts.comments ?? []),
    nameRows: () => pages(parts.names ?? []),
    savedRows: () => pages([]),
    notificationRows: () => pages([]),
  };
}

describe('auditSources', () => {
  it('takes a former apodo, a deleted account and a renamed account’s old claim as they should be', async () => {
    const report = await auditSources(
      store({
        names: [
          { kind: 'account', userId: 'ana', nameKey: 'ana nueva', deleted: false },
          { kind: 'name', nameKey: 'ana nueva', userId: 'ana', former: false },
          { kind: 'name', nameKey: 'ana vieja', userId: 'ana', former: true },
          { kind: 'account', userId: 'borrada', deleted: true },
        ],
      }),
    );
    expect(report.drift).toEqual({});
  });

  it('finds a claim of one account that another account’s row names, from both sides', async () => {
    const report = await auditSources(
      store({
        names: [
          { kind: 'account', userId: 'ana', nameKey: 'lola', deleted: false },
          { kind: 'name', nameKey: 'lola', userId: 'lola', former: false },
        ],
      }),
    );
    expect(report.drift).toEqual({
      'names.claim': { count: 1, examples: ['lola'] },
      'names.account': { count: 1, examples: ['ana'] },
    });
  });

  it('counts a vote of each kind and a visible comment against the counters, and rows of a post that does not exist', async () => {
    const report = await auditSources(
      store({
        posts: [
          { id: 'p1', agree: 1, deserved: 1, comments: 1 },
          { id: 'p2', agree: 1, deserved: 0, comments: 0 },
        ],
        votes: [
          { postId: 'p1', vote: 'agree' },
          { postId: 'p1', vote: 'deserved' },
          { postId: 'p2', vote: 'deserved' },
          { postId: 'gone', vote: 'agree' },
        ],
        comments: [{ postId: 'p1' }],
      }),
    );
    expect(report.drift).toEqual({ 'counts.votes': { count: 2, examples: ['p2', 'gone'] } });
  });
});
