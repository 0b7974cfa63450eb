import { describe, expect, it } from 'vitest';
import { queryTerms } from '../../functions/contract/search';
import { decodeSearchCursor, encodeSearchCursor, indexEntriesFor, parseQuery, scoreOf, searchWork } from '../../functions/domain/search';
import type { StoredPost } from '../../functions/domain/ports/posts';
import { publishedPost } from '../support/posts';

const at = '2026-11-20T10:00:00.000Z';
const post = (overrides: Partial<StoredPost> = {}): StoredPost =>
  publishedPost({
    id: '0b7e2c1a-1111-4222-8333-444455556666',
    name: 'Lucía',
    category: 'trabajo',
    post: 'El camión de la basura y mi jefe, otra vez el camión.',
    createdAt: at,
    publishedAt: at,
    authorId: 'u1',
    ...overrides,
  });

describe('search index work from the posts stream', () => {
  it('indexes a post when it is published: one entry per distinct term, with its count and the post length', () => {
    const work = searchWork([{ before: post({ status: 'pending', publishedAt: null }), after: post() }]);
    expect(work.remove).toEqual([]);
    const camion = work.put.find((entry) => entry.term === queryTerms('camión')[0]);
    expect(camion).toMatchObject({ tf: 2, length: 5, category: 'trabajo', postKey: `${at}#${post().id}` });
    expect(work.put).toHaveLength(4);
  });

  it('removes every entry when a published post leaves the feeds (removed, hidden, deleted)', () => {
    for (const after of [post({ status: 'removed' }), post({ status: 'hidden' }), undefined]) {
      const work = searchWork([{ before: post(), after }]);
      expect(work.put).toEqual([]);
      expect(work.remove.map((entry) => entry.term).sort()).toEqual(
        indexEntriesFor(post())
          .map((entry) => entry.term)
          .sort(),
      );
    }
  });

  it('costs nothing for a vote on a published post, and the same work for a record delivered twice', () => {
    expect(searchWork([{ before: post(), after: post({ votes: { agree: 3, deserved: 0 } }) }])).toEqual({ put: [], remove: [] });
    const publish = { before: post({ status: 'pending', publishedAt: null }), after: post() };
    expect(searchWork([publish, publish])).toEqual(searchWork([publish]));
  });

  it('replaces the terms of an edited text, keeping the shared ones', () => {
    const edited = post({ post: 'El camión de bomberos.' });
    const work = searchWork([{ before: post(), after: edited }]);
    expect(work.put.map((entry) => entry.term).sort()).toEqual(queryTerms('camión bomberos').sort());
    expect(work.remove.map((entry) => entry.term).sort()).toEqual(queryTerms('basura jefe vez').sort());
  });

  it('ends a batch with the last state: published then removed leaves nothing', () => {
    const pending = post({ status: 'pending', publishedAt: null });
    const work = searchWork([
      { before: pending, after: post() },
      { before: post(), after: post({ status: 'removed' }) },
    ]);
    expect(work.put).toEqual([]);
    expect(work.remove).toHaveLength(4);
  });
});

describe('search queries', () => {
  it('refuses empty, overlong and letterless queries, keeps the 8 longest terms of a long one', () => {
    for (const q of [undefined, '', '  ', 'x'.repeat(101), '!!!', '42', '🙈']) expect(() => parseQuery(q), String(q)).toThrow();
    expect(parseQuery('de la')).toEqual([]);
    expect(parseQuery('uno dos tres cuatro cinco seis siete ocho nueve diez once doce')).toHaveLength(8);
  });

  it('scores a term said more often higher, a long post lower, and pages by an exact cursor', () => {
    expect(scoreOf([{ postKey: 'k', tf: 2, length: 10 }])).toBeGreaterThan(scoreOf([{ postKey: 'k', tf: 1, length: 10 }]));
    expect(scoreOf([{ postKey: 'k', tf: 1, length: 10 }])).toBeGreaterThan(scoreOf([{ postKey: 'k', tf: 1, length: 40 }]));
    const position = { score: 1234567, postKey: `${at}#${post().id}` };
    expect(decodeSearchCursor(encodeSearchCursor(position))).toEqual(position);
    expect(() => decodeSearchCursor('bm9wZQ')).toThrow();
  });
});
