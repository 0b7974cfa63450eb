import { describe, expect, it } from 'vitest';
import { nameKey } from '../../functions/contract/apodos';
import { fingerprintOf } from '../../functions/contract/fingerprint';
import { findPersonalData } from '../../functions/contract/personalData';
import { queryTerms, termCounts } from '../../functions/contract/search';
import { lookAlikeKey } from '../../functions/contract/lookAlikes';
import { foldedText, visibleText } from '../../functions/contract/textForms';

describe('the text as a person sees it', () => {
  it('drops what a screen does not draw and reads compatibility forms as plain ones', () => {
    expect(visibleText('ana\u200b@gma\u200dil\u00ad.com\u2060\ufeff')).toBe('ana@gmail.com');
    expect(visibleText('ａｎａ＠ｇｍａｉｌ．ｃｏｍ')).toBe('ana@gmail.com');
    expect(visibleText('６１２\u00a0３４５\u2009６７８')).toBe('612 345 678');
    expect(visibleText('٦١٢ ६१२ ⁶¹²')).toBe('612 612 612');
    expect(visibleText('Qué día')).toBe('Qué día');
  });

  it('folds case and accents, and look-alike letters of other scripts for comparisons', () => {
    expect(foldedText('ＡＲＢＯＬ Árbol')).toBe('arbol arbol');
    // Cyrillic а, о, е and Greek ο in place of the Latin letters.
    expect(lookAlikeKey('Mе cаí еn еl mеtrο')).toBe(lookAlikeKey('Me caí en el metro'));
    expect(lookAlikeKey('a las 10', { keepAscii: true })).not.toBe(lookAlikeKey('a las lo', { keepAscii: true }));
  });

  it('is the one reading of personal data, duplicates, names and search', () => {
    expect(findPersonalData('escribe a ana\u200b@gmail.com')).toBe('email');
    expect(fingerprintOf('Me cаí en el mеtrο, ¡qué día!')).toBe(fingerprintOf('Me caí en el metro, ¡qué día!'));
    expect(nameKey('Аlicе')).toBe(nameKey('Alice'));
    expect(queryTerms('ｔｒａｂａｊｏ')).toEqual(queryTerms('trabajo'));
    expect([...termCounts('Perdí el tra\u00adbajo').counts.keys()]).toEqual(queryTerms('perdí trabajo'));
  });
});
