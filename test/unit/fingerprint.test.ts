import { describe, expect, it } from 'vitest';
import { fingerprintOf, normalizedText } from '../../functions/contract/fingerprint';

describe('the duplicate check fingerprint', () => {
  it('ignores case, accents, punctuation, spacing and stretched letters', () => {
    expect(normalizedText('¡¡Nooo, qué DÍA!!')).toBe('noquedia');
    expect(normalizedText('no  que\tdia')).toBe('noquedia');
    expect(fingerprintOf('El “CAFÉ”… ¡otra vez!')).toBe(fingerprintOf('el cafe otra vez'));
    expect(fingerprintOf('Ｈｏｙ')).toBe(fingerprintOf('hoy'));
  });

  it('keeps words, digits and emoji-only texts apart', () => {
    expect(fingerprintOf('a las 7')).not.toBe(fingerprintOf('a las 17'));
    expect(fingerprintOf('a las 1')).not.toBe(fingerprintOf('a las 11'));
    expect(fingerprintOf('me caí en el tren')).not.toBe(fingerprintOf('me caí en el metro'));
    expect(fingerprintOf('😭😭')).not.toBe(fingerprintOf('🙄'));
    expect(fingerprintOf('😭 😭')).toBe(fingerprintOf('😭😭'));
  });

  it('folds letters of other scripts that pose as Latin ones, never ASCII letters or digits', () => {
    // Cyrillic а, о, е and Greek ο in place of the Latin letters.
    expect(fingerprintOf('Me cаí en el mеtrο, ¡qué díа!')).toBe(fingerprintOf('Me caí en el metro, ¡qué día!'));
    expect(fingerprintOf('Аpаgué el hοrnο')).toBe(fingerprintOf('apagué el horno'));
    expect(fingerprintOf('a las 10')).not.toBe(fingerprintOf('a las lo'));
    expect(fingerprintOf('hola\u200b mundo\u00ad')).toBe(fingerprintOf('hola mundo'));
  });

  it('keeps the fingerprints stored for texts of plain letters (the rows written before look-alikes were folded)', () => {
    // Computed by the rule before it read texts through functions/contract/lookAlikes.ts.
    expect(fingerprintOf('¡¡Nooo, qué DÍA!!')).toBe('eCZ07sqFVFBsPv79_jhatnJjP9xozl4nx149PvMhUaI');
    expect(fingerprintOf('Mi suegra quemó la paella y culpó al perro a las 10:30 del 1/1.')).toBe(
      'XbxuCW5bdwnQ_W43a_BsUmEgONRcN-SD4bbbgTzgwUs',
    );
    expect(fingerprintOf('Ｈｏｙ el año pasó, ﬁn 😭')).toBe('7kO50WmOTaTDgO-e42Y7MYf7HhBqexFpq_jJNfeYuaU');
  });
});
