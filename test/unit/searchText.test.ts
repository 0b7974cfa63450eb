import { describe, expect, it } from 'vitest';
import { fold, hasTwoLetters, matchesTerm, queryTerms, termCounts, words } from '../../functions/contract/search';

describe('search terms', () => {
  it('fold accents and case: «camion» and «Camión» are one term', () => {
    expect(queryTerms('camion')).toEqual(queryTerms('Camión'));
    expect(queryTerms('CAMIÓN')).toEqual(queryTerms('camión'));
    expect(fold('Pingüino AÑO')).toBe('pinguino ano');
  });

  it('match Spanish word forms: trabajando, trabajos and trabajo share a term', () => {
    const [trabajo] = queryTerms('trabajo');
    expect(trabajo).toBeDefined();
    expect(queryTerms('trabajando')).toEqual([trabajo]);
    expect(queryTerms('trabajos')).toEqual([trabajo]);
    expect(queryTerms('Trabajé')).toEqual(queryTerms('trabaje'));
  });

  it('drop stop words and single letters, keep content words in order', () => {
    expect(queryTerms('el jefe de la oficina y yo')).toEqual([...queryTerms('jefe'), ...queryTerms('oficina')]);
    expect(queryTerms('de la que el en y a')).toEqual([]);
  });

  it('count each term and the text length without stop words', () => {
    const { counts, length } = termCounts('El perro, el gato y otro perro.');
    expect(length).toBe(3);
    expect(counts.get(queryTerms('perro')[0] ?? '')).toBe(2);
  });

  it('split on anything that is not a letter or digit (punctuation, SQL, regex, emoji)', () => {
    expect(words("'; DROP TABLE posts; -- .*+?^${}()|[]\\ 🙈🙈")).toEqual(['drop', 'table', 'posts']);
    expect(words('!!! ¿¿?? ... 🙈')).toEqual([]);
    expect(hasTwoLetters('tv')).toBe(true);
    expect(hasTwoLetters('42')).toBe(false);
  });

  it('tell which shown words match a query (the web highlights them)', () => {
    const terms = new Set(queryTerms('trabajo camion'));
    expect(matchesTerm('Trabajando', terms)).toBe(true);
    expect(matchesTerm('camión', terms)).toBe(true);
    expect(matchesTerm('perro', terms)).toBe(false);
    expect(matchesTerm('de', terms)).toBe(false);
  });
});
