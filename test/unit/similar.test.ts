/**
 * The look-alike rule of «¿Se parece a alguna de estas?» (functions/domain/similar.ts) over an index
 * held in memory, built by the same code that builds the real one: which terms are looked up, what
 * counts as sharing most of the words, the order, and the reads one request makes.
 */
import { describe, expect, it } from 'vitest';
import { termCounts } from '../../functions/contract/search';
import { MAX_SIMILAR_TERMS } from '../../functions/contract/similar';
import type { StoredPost } from '../../functions/domain/ports/posts';
import type { Posting, SearchIndexReader } from '../../functions/domain/ports/search';
import { indexEntriesFor } from '../../functions/domain/search';
import { lookAlikes, significantTerms, similarPosts, SIMILAR_POSTINGS_PER_TERM } from '../../functions/domain/similar';
import { publishedPost } from '../support/posts';

/** An index of `posts` in memory, counting its reads. */
function memoryIndex(posts: StoredPost[]) {
  const reads = { postings: [] as { term: string; limit: number }[], batches: [] as string[][] };
  const byTerm = new Map<string, Posting[]>();
  for (const post of posts) {
    for (const entry of indexEntriesFor(post)) {
      const list = byTerm.get(entry.term) ?? [];
      list.push({ postKey: entry.postKey, tf: entry.tf, length: entry.length });
      byTerm.set(entry.term, list);
    }
  }
  const reader: SearchIndexReader = {
    postings: async (term, { limit }) => {
      reads.postings.push({ term, limit });
      return [...(byTerm.get(term) ?? [])].sort((a, b) => (a.postKey < b.postKey ? 1 : -1)).slice(0, limit);
    },
    posts: async (ids) => {
      reads.batches.push([...ids]);
      return new Map(posts.filter((post) => ids.includes(post.id)).map((post) => [post.id, post]));
    },
  };
  return { reader, reads };
}

const minutesAgo = (n: number) => new Date(Date.UTC(2026, 0, 1, 12, 0) - n * 60_000).toISOString();

describe('significantTerms', () => {
  it('drops stop words, numbers and repeats, and folds case and accents like search', () => {
    expect(significantTerms('El CAMIÓN de la basura, el camion otra vez: 42')).toEqual(['camion', 'basur', 'vez']);
  });

  it(`keeps the ${MAX_SIMILAR_TERMS} longest terms of a long text, in the text's order`, () => {
    const text =
      'Ayer en la oficina el ordenador nuevo se apagó, la impresora escupió papel, el café salió frío, ' +
      'mi compañera gritó, el ascensor se paró, la reunión duró tres horas y el jefe olvidó su presentación importantísima.';
    const all = [...termCounts(text).counts.keys()];
    const kept = significantTerms(text);
    expect(all.length).toBeGreaterThan(MAX_SIMILAR_TERMS);
    expect(kept).toHaveLength(MAX_SIMILAR_TERMS);
    expect(kept).toEqual(all.filter((term) => kept.includes(term)));
    const dropped = all.filter((term) => !kept.includes(term));
    expect(Math.max(...dropped.map((term) => term.length))).toBeLessThanOrEqual(Math.min(...kept.map((term) => term.length)));
  });
});

describe('lookAlikes', () => {
  const camion = publishedPost({
    post: 'Llegué tarde al trabajo porque un camión de la basura bloqueaba toda la calle y mi jefe no se creyó nada.',
    publishedAt: minutesAgo(30),
  });
  const tren = publishedPost({
    post: 'Hoy llegué tarde a la cena de cumpleaños de mi abuela porque el tren se averió en mitad del túnel.',
    publishedAt: minutesAgo(20),
  });
  const corta = publishedPost({ post: 'Camión de basura, calle cortada, jefe enfadado.', publishedAt: minutesAgo(10) });

  it('finds a retelling, best first (more words shared), and not a story that shares two common words', async () => {
    const { reader } = memoryIndex([camion, tren, corta]);
    const found = await lookAlikes(
      reader,
      'MI JEFE no se lo creyo: un camion de basura bloqueó la calle entera y por eso llegue tarde a trabajar.',
    );
    expect(found.map((post) => post.id)).toEqual([camion.id, corta.id]);
  });

  it('never answers the excluded post, nor one no longer published', async () => {
    const gone = { ...corta, status: 'removed' as const };
    const { reader } = memoryIndex([camion, tren, corta]);
    // The index still holds `corta`; its row says removed.
    const stale: SearchIndexReader = {
      postings: (term, options) => reader.postings(term, options),
      posts: async () =>
        new Map([
          [camion.id, camion],
          [gone.id, gone],
        ]),
    };
    expect((await lookAlikes(stale, camion.post, camion.id)).map((post) => post.id)).toEqual([]);
  });

  it('looks nothing up for fewer than three significant words', async () => {
    const { reader, reads } = memoryIndex([camion]);
    expect(await lookAlikes(reader, 'el camión de la basura')).toEqual([]);
    expect(reads.postings).toEqual([]);
  });

  it(`reads at most ${MAX_SIMILAR_TERMS} terms of at most ${SIMILAR_POSTINGS_PER_TERM} entries, and one batch of at most five posts`, async () => {
    // More than twelve significant words, told thirty times with a word changed.
    const told = `${camion.post} Además: paraguas, bicicleta, chaqueta, zapatillas.`;
    const many = Array.from({ length: 30 }, (_, i) =>
      publishedPost({ post: `${told} Versión ${'abcdefghijklmnopqrstuvwxyz'[i % 26]}${i}.`, publishedAt: minutesAgo(100 + i) }),
    );
    const { reader, reads } = memoryIndex([camion, ...many]);
    expect(significantTerms(told).length).toBe(MAX_SIMILAR_TERMS);
    const found = await lookAlikes(reader, told);
    expect(found).toHaveLength(3);
    expect(reads.postings.length).toBeLessThanOrEqual(MAX_SIMILAR_TERMS);
    expect(reads.postings.every((read) => read.limit === SIMILAR_POSTINGS_PER_TERM)).toBe(true);
    expect(reads.batches).toHaveLength(1);
    expect(reads.batches[0]!.length).toBeLessThanOrEqual(5);
  });
});

describe('similarPosts', () => {
  it('refuses an empty or overlong text with INVALID_SIMILAR_TEXT', async () => {
    const { reader } = memoryIndex([]);
    for (const text of [undefined, '', '  \n ', 'x'.repeat(301)]) {
      await expect(similarPosts({ search: reader }, { text })).rejects.toMatchObject({ code: 'INVALID_SIMILAR_TEXT' });
    }
    await expect(similarPosts({ search: reader }, { text: ` ${'x'.repeat(300)} ` })).resolves.toEqual({ items: [] });
  });
});
