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
});
