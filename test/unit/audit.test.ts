/**
 * The audit's comparisons where the names table and the counters have cases a site in use rarely
 * shows, and the repairs' decisions: what each kind of drift is set to, what is left for a person, and
 * that a write refused because its item changed meanwhile is counted, not forced.
 */
import { describe, expect, it } from 'vitest';
import { auditSources, repairsFor } from '../../functions/domain/audit';
import { repairCounts, repairNames } from '../../functions/domain/auditRepair';
import type {
  AccountRead,
  AuditRepairStore,
  AuditSourceStore,
  ClaimRead,
  CommentCounters,
  NameRowRead,
  PostCounters,
  RepairWrite,
} from '../../functions/domain/ports/audit';

async function* pages<T>(rows: T[]): AsyncIterable<T[]> {
  if (rows.length > 0) yield rows;
}

type Parts = {
  posts?: PostCounters[];
  votes?: Array<{ postId: string; vote: string }>;
  comments?: Array<{ postId: string; parentId?: string }>;
  commentCounters?: CommentCounters[];
  commentVotes?: Array<{ commentId: string; vote: string }>;
  names?: NameRowRead[];
};

function store(parts: Parts): AuditSourceStore {
  return {
    postCounters: () => pages(parts.posts ?? []),
    voteRows: () => pages(parts.votes ?? []),
    visibleComments: () => pages(parts.comments ?? []),
    commentCounters: () => pages(parts.commentCounters ?? []),
    commentVoteRows: () => pages(parts.commentVotes ?? []),
    nameRows: () => pages(parts.names ?? []),
    savedRows: () => pages([]),
    notificationRows: () => pages([]),
  };
}

const comment = (id: string, fields: Partial<CommentCounters> = {}): CommentCounters => ({
  id,
  status: 'visible',
  createdAt: '2026-11-20T10:00:00.000Z',
  up: 0,
  down: 0,
  replyCount: 0,
  ...fields,
});

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

  it('counts a comment’s visible replies and its +1/−1 rows against its counters', async () => {
    const report = await auditSources(
      store({
        posts: [{ id: 'p1', agree: 0, deserved: 0, comments: 4 }],
        commentCounters: [
          comment('c1', { replyCount: 2, up: 2, down: 1 }),
          comment('c2', { replyCount: 2 }),
          comment('r1', { parentId: 'c1' }),
          comment('r2', { parentId: 'c1', up: 1 }),
        ],
        // c1's two replies are visible; c2 counts two but has none (they were hidden).
        comments: [{ postId: 'p1' }, { postId: 'p1' }, { postId: 'p1', parentId: 'c1' }, { postId: 'p1', parentId: 'c1' }],
        commentVotes: [
          { commentId: 'c1', vote: 'up' },
          { commentId: 'c1', vote: 'up' },
          { commentId: 'c1', vote: 'down' },
          { commentId: 'r2', vote: 'down' },
          { commentId: 'ghost', vote: 'up' },
        ],
      }),
    );
    expect(report.drift).toEqual({
      'counts.replies': { count: 1, examples: ['c2'] },
      'counts.commentVotes': { count: 2, examples: ['r2', 'ghost'] },
    });
  });
});

describe('repairsFor', () => {
  const one = { count: 1, examples: ['x'] };

  it('names the rebuild of every kind found, each once, the counters before the Top made from them', () => {
    expect(
      repairsFor({
        drift: {
          'search.stale': one,
          'names.account': one,
          'counts.replies': one,
          'counts.votes': one,
          'top.wrong': one,
          'saved.target': one,
        },
        checked: {},
      }),
    ).toEqual(['counts', 'names', 'targets', 'top', 'search']);
  });

  it('ranks again after setting counters, even when the Top had no drift of its own', () => {
    expect(repairsFor({ drift: { 'counts.votes': one }, checked: {} })).toEqual(['counts', 'top']);
    expect(repairsFor({ drift: { 'names.claim': one }, checked: {} })).toEqual(['names']);
  });
});

/** The counter writes a repair asks for, refused (as a changed item) for the ids in `changed`. */
function counterRepairs(parts: Parts, changed: string[] = []) {
  const writes: string[] = [];
  const answer = (id: string, write: string): Promise<RepairWrite> => {
    if (changed.includes(id)) return Promise.resolve('changed');
    writes.push(write);
    return Promise.resolve('fixed');
  };
  const repairs: Pick<AuditRepairStore, 'setPostVotes' | 'setPostComments' | 'setCommentVotes' | 'setReplyCount'> = {
    setPostVotes: (id, read, to) => answer(id, `${id} votes ${read.agree}/${read.deserved} → ${to.agree}/${to.deserved}`),
    setPostComments: (id, read, to) => answer(id, `${id} comments ${read} → ${to}`),
    setCommentVotes: (read, to) => answer(read.id, `${read.id} +/− ${read.up}/${read.down} → ${to.up}/${to.down}`),
    setReplyCount: (id, read, to) => answer(id, `${id} replies ${read} → ${to}`),
  };
  return { store: { ...store(parts), ...repairs } as AuditSourceStore & AuditRepairStore, writes };
}

describe('repairCounts', () => {
  const parts: Parts = {
    posts: [
      { id: 'p1', agree: 5, deserved: 0, comments: 7 },
      { id: 'p2', agree: 1, deserved: 0, comments: 0 },
    ],
    votes: [
      { postId: 'p1', vote: 'agree' },
      { postId: 'p2', vote: 'agree' },
      { postId: 'gone', vote: 'agree' },
    ],
    comments: [{ postId: 'p1' }, { postId: 'p1', parentId: 'c1' }],
    commentCounters: [comment('c1', { replyCount: 3, up: 0, down: 4 }), comment('r1', { parentId: 'c1' })],
    commentVotes: [{ commentId: 'c1', vote: 'down' }],
  };

  it('sets each counter that differs to what its rows say, from the value it read, and names the rows of what does not exist', async () => {
    const { store: both, writes } = counterRepairs(parts);
    const done = await repairCounts(both);
    expect(writes.sort()).toEqual(['c1 +/− 0/4 → 0/1', 'c1 replies 3 → 1', 'p1 comments 7 → 2', 'p1 votes 5/0 → 1/0']);
    expect(done).toEqual({ fixed: 4, changedMeanwhile: 0, left: [expect.stringContaining('gone (counts.votes')] });
  });

  it('counts a counter that changed since it was read as changed meanwhile, and writes nothing over it', async () => {
    const { store: both, writes } = counterRepairs(parts, ['p1']);
    const done = await repairCounts(both);
    expect(writes.sort()).toEqual(['c1 +/− 0/4 → 0/1', 'c1 replies 3 → 1']);
    expect(done).toMatchObject({ fixed: 2, changedMeanwhile: 2 });
  });
});

/** A names table in memory, with the conditions of the DynamoDB adapter's repair writes. */
function namesTable(
  rows: Array<{ key: string; userId?: string; name?: string; nameKey?: string; former?: boolean; deleted?: boolean; version?: number }>,
) {
  const table = new Map(rows.map((row) => [row.key, { ...row }]));
  const asRead = (userId: string, read: AccountRead) => {
    const row = table.get(`user#${userId}`);
    return read.exists ? row !== undefined && (row.version ?? 0) === read.version && row.nameKey === read.nameKey : row === undefined;
  };
  const repairs: Pick<AuditRepairStore, 'claimOf' | 'accountOf' | 'freeClaim' | 'claimFor'> & Pick<AuditSourceStore, 'nameRows'> = {
    nameRows: () =>
      pages(
        [...table.values()].map((row): NameRowRead =>
          row.key.startsWith('name#')
            ? { kind: 'name', nameKey: row.key.slice(5), userId: row.userId ?? '', former: row.former === true }
            : {
                kind: 'account',
                userId: row.key.slice(5),
                ...(row.nameKey ? { nameKey: row.nameKey } : {}),
                deleted: row.deleted === true,
              },
        ),
      ),
    claimOf: (nameKey) => {
      const row = table.get(`name#${nameKey}`);
      return Promise.resolve(
        row ? ({ userId: row.userId ?? '', name: row.name ?? '', former: row.former === true } satisfies ClaimRead) : undefined,
      );
    },
    accountOf: (userId) => {
      const row = table.get(`user#${userId}`);
      return Promise.resolve(
        row
          ? { exists: true, version: row.version ?? 0, name: row.name, nameKey: row.nameKey, deleted: row.deleted === true }
          : { exists: false, version: 0, deleted: false },
      );
    },
    freeClaim: (nameKey, owner, how) => {
      const claim = table.get(`name#${nameKey}`);
      if (!claim || claim.userId !== owner.userId || claim.former || !asRead(owner.userId, owner.account))
        return Promise.resolve('changed');
      if (how.kind === 'delete') table.delete(`name#${nameKey}`);
      else claim.former = true;
      return Promise.resolve('fixed');
    },
    claimFor: (userId, account) => {
      const claim = table.get(`name#${account.nameKey}`);
      if ((claim && !claim.former) || !asRead(userId, account)) return Promise.resolve('changed');
      table.set(`name#${account.nameKey}`, { key: `name#${account.nameKey}`, userId, name: account.name });
      return Promise.resolve('fixed');
    },
  };
  return { table, store: repairs as Pick<AuditSourceStore, 'nameRows'> & AuditRepairStore };
}

describe('repairNames', () => {
  const now = new Date('2026-11-28T00:00:00.000Z');

  it('frees a claim its account no longer holds: a former apodo when the account has another, deleted when it has none', async () => {
    const { table, store: names } = namesTable([
      { key: 'user#ana', name: 'Ana', nameKey: 'ana', version: 3 },
      { key: 'name#ana', userId: 'ana', name: 'Ana' },
      { key: 'name#anita', userId: 'ana', name: 'Anita' },
      { key: 'name#fantasma', userId: 'nadie', name: 'Fantasma' },
      { key: 'user#borrada', deleted: true, version: 2 },
      { key: 'name#borrada', userId: 'borrada', name: 'Borrada' },
    ]);
    const done = await repairNames(names, now);
    expect(done).toEqual({ fixed: 3, changedMeanwhile: 0, left: [] });
    expect(table.get('name#anita')).toMatchObject({ userId: 'ana', former: true });
    expect(table.has('name#fantasma')).toBe(false);
    expect(table.has('name#borrada')).toBe(false);
    expect(table.get('name#ana')).toMatchObject({ userId: 'ana' });
    expect(table.get('name#ana')?.former).toBeUndefined();
  });

  it('writes an account’s missing claim again, also over a former apodo’s row, after freeing the claims no one holds', async () => {
    const { table, store: names } = namesTable([
      { key: 'user#ana', name: 'Ana', nameKey: 'ana', version: 1 },
      { key: 'user#lola', name: 'Lola', nameKey: 'lola', version: 1 },
      { key: 'name#lola', userId: 'otra', name: 'Lola', former: true },
      { key: 'user#eva', name: 'Eva', nameKey: 'eva', version: 1 },
      // Eva's apodo is held by an account that holds another one: freed first, then Eva's again.
      { key: 'user#pepa', name: 'Pepa', nameKey: 'pepa', version: 4 },
      { key: 'name#pepa', userId: 'pepa', name: 'Pepa' },
      { key: 'name#eva', userId: 'pepa', name: 'Eva' },
    ]);
    const done = await repairNames(names, now);
    expect(done).toEqual({ fixed: 4, changedMeanwhile: 0, left: [] });
    for (const userId of ['ana', 'lola', 'eva'])
      expect(table.get(`name#${userId}`)).toEqual({ key: `name#${userId}`, userId, name: expect.any(String) });
  });

  it('leaves for a person an apodo two accounts hold, changing neither', async () => {
    const { table, store: names } = namesTable([
      { key: 'user#ana', name: 'Lola', nameKey: 'lola', version: 1 },
      { key: 'user#lola', name: 'Lola', nameKey: 'lola', version: 1 },
      { key: 'name#lola', userId: 'lola', name: 'Lola' },
    ]);
    const done = await repairNames(names, now);
    expect(done).toEqual({ fixed: 0, changedMeanwhile: 0, left: [expect.stringContaining('ana (names.account')] });
    expect(table.get('name#lola')).toMatchObject({ userId: 'lola' });
  });
});
