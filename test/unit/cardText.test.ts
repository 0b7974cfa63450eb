/**
 * How a post's text fits its share card (functions/images/cardText.ts): the largest size that holds
 * it all, else the smallest with «…» closing the last line that fits; never a line wider than the box.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_POST_LENGTH } from '../../functions/contract/posts';
import { ELLIPSIS, fitText, interWidth, wrap, type Measure, type TextBox } from '../../functions/images/cardText';
import { POST_TEXT_BOX } from '../../functions/images/shareCardRenderer';

/** Every character one em wide: widths are character counts. */
const mono: Measure = (text) => [...text].length;
/** A box 10 characters wide at size 10 (100 px), 3 lines at the smallest size of three. */
const BOX: TextBox = { width: 100, height: 30, sizes: [20, 15, 10], lineHeight: 1 };

describe('fitText', () => {
  it('keeps a short text whole at the largest size', () => {
    expect(fitText('¡Ay!', BOX, mono)).toEqual({ size: 20, lines: ['¡Ay!'], shortened: false });
  });

  it('steps down to the first size at which the whole text wraps into the box', () => {
    // At 20 px: 5 characters a line, 1 line; at 15 px: 6 a line, 2 lines; at 10 px: 10 a line, 3 lines.
    expect(fitText('uno dos tres cuatro', BOX, mono)).toEqual({ size: 10, lines: ['uno dos', 'tres', 'cuatro'], shortened: false });
    expect(fitText('uno dos', BOX, mono)).toEqual({ size: 15, lines: ['uno', 'dos'], shortened: false });
  });

  it('shortens what does not fit even at the smallest size, closing the last line with «…»', () => {
    const fitted = fitText('uno dos tres cuatro cinco seis siete ocho nueve diez', BOX, mono);
    expect(fitted).toEqual({ size: 10, lines: ['uno dos', 'tres', 'cuatro…'], shortened: true });
  });

  it('drops trailing punctuation before the «…», and words until it fits', () => {
    expect(fitText('aaaa bbbb, cccc dddd, eeee ffff, gggg hhhh', BOX, mono).lines).toEqual(['aaaa bbbb,', 'cccc dddd,', 'eeee ffff…']);
    const oneLine: TextBox = { width: 100, height: 10, sizes: [10], lineHeight: 1 };
    expect(fitText('aaaa bbbbb cc', oneLine, mono)).toEqual({ size: 10, lines: ['aaaa…'], shortened: true });
  });

  it('breaks a word longer than a line where it stops fitting', () => {
    expect(wrap(['abcdefghijklmnopqrstuvwxy', 'z'], 10, mono)).toEqual(['abcdefghij', 'klmnopqrst', 'uvwxy z']);
    const fitted = fitText('x'.repeat(60), BOX, mono);
    expect(fitted.lines).toEqual(['x'.repeat(10), 'x'.repeat(10), `${'x'.repeat(9)}${ELLIPSIS}`]);
  });

  it('folds line breaks and runs of spaces', () => {
    expect(fitText('  uno\n\ndos\t ', { ...BOX, sizes: [10] }, mono).lines).toEqual(['uno dos']);
  });

  it('never draws a line wider than the box, and keeps every word of a text that fits (any text up to the post limit)', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ maxLength: MAX_POST_LENGTH }), fc.string({ maxLength: MAX_POST_LENGTH, unit: 'grapheme' })),
        (text) => {
          const fitted = fitText(text, POST_TEXT_BOX, interWidth);
          const maxLines = Math.floor(POST_TEXT_BOX.height / (fitted.size * POST_TEXT_BOX.lineHeight));
          expect(fitted.lines.length).toBeLessThanOrEqual(Math.max(1, maxLines));
          for (const line of fitted.lines) expect(interWidth(line) * fitted.size).toBeLessThanOrEqual(POST_TEXT_BOX.width);
          if (!fitted.shortened) expect(fitted.lines.join(' ').replace(/\s+/gu, '')).toBe(text.replace(/\s+/gu, ''));
          else expect(fitted.lines.at(-1)?.endsWith(ELLIPSIS)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('fits an ordinary anecdote of the longest length on the card without shortening it', () => {
    const words = 'hoy en el trabajo se me cayó el café encima del portátil del jefe y además era su cumpleaños';
    let text = words;
    while (text.length + words.length + 1 <= MAX_POST_LENGTH) text += ` ${words}`;
    const fitted = fitText(text, POST_TEXT_BOX, interWidth);
    expect(fitted.shortened).toBe(false);
    expect(fitted.lines.join(' ')).toBe(text);
  });
});
