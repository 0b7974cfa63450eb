import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { passwordProblems } from '../../functions/contract/accounts';
import { postLength } from '../../functions/contract/common';
import { findPersonalData } from '../../functions/contract/personalData';
import { CATEGORIES, MAX_POST_LENGTH, isCategory, validateCreatePost } from '../../functions/contract/posts';

const category = fc.constantFrom(...CATEGORIES);
/**
 * Text with at least one visible character, within the limit, and nothing that reads as an e-mail address, a
 * phone number or an ID document (refused with PERSONAL_DATA: test/unit/personalData.test.ts). Random strings
 * do read so at times: «0@0.aA» is an address.
 */
const validText = fc
  .tuple(fc.string({ maxLength: 140 }), fc.constantFrom('a', 'ñ', 'É', '😀', '¡'), fc.string({ maxLength: 140 }))
  .map(([before, visible, after]) => before + visible + after)
  .filter((text) => postLength(text) <= MAX_POST_LENGTH && findPersonalData(text) === undefined);

describe('create-post validation (property tests)', () => {
  it('accepts any text with a visible character within the limit and no personal data, in any category, keeping only category and post', () => {
    fc.assert(
      fc.property(category, validText, fc.dictionary(fc.string(), fc.jsonValue()), (cat, post, extra) => {
        const result = validateCreatePost({ ...extra, category: cat, post });
        expect(result).toEqual({ ok: true, value: { category: cat, post } });
      }),
    );
  });

  it('refuses text made only of white space with EMPTY_POST', () => {
    fc.assert(
      fc.property(
        category,
        fc.array(fc.constantFrom(' ', '\n', '\t', '\r', '\u00a0', '\u2003', '\ufeff')).map((chars) => chars.join('')),
        (cat, post) => {
          expect(validateCreatePost({ category: cat, post })).toEqual({ ok: false, code: 'EMPTY_POST' });
        },
      ),
    );
  });

  it('refuses text over the limit with POST_TOO_LONG, counting as the textarea does', () => {
    fc.assert(
      fc.property(category, fc.string({ minLength: 1, maxLength: 400, unit: 'grapheme' }), (cat, tail) => {
        const post = `x${'é'.repeat(MAX_POST_LENGTH)}${tail}`;
        expect(validateCreatePost({ category: cat, post })).toEqual({ ok: false, code: 'POST_TOO_LONG' });
      }),
    );
  });

  it('refuses any category outside the six, case included, with UNKNOWN_CATEGORY', () => {
    fc.assert(
      fc.property(
        fc.string().filter((value) => !isCategory(value)),
        validText,
        (cat, post) => {
          expect(validateCreatePost({ category: cat, post })).toEqual({ ok: false, code: 'UNKNOWN_CATEGORY' });
        },
      ),
    );
    for (const cat of CATEGORIES)
      expect(validateCreatePost({ category: cat.toUpperCase(), post: 'x' })).toEqual({ ok: false, code: 'UNKNOWN_CATEGORY' });
  });

  it('refuses anything that is not an object with string fields with INVALID_REQUEST', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.jsonValue().filter((value) => typeof value !== 'object' || value === null || Array.isArray(value)),
          fc.record({ category: fc.integer(), post: fc.string() }),
          fc.record({ category, post: fc.integer() }),
        ),
        (body) => {
          expect(validateCreatePost(body)).toEqual({ ok: false, code: 'INVALID_REQUEST' });
        },
      ),
    );
  });
});

describe('postLength', () => {
  it('counts UTF-16 code units like <textarea maxlength>: an emoji is 2, an accented letter 1, CRLF 1', () => {
    expect(postLength('á')).toBe(1);
    expect(postLength('😀')).toBe(2);
    expect(postLength('a\r\nb')).toBe(3);
    expect(postLength('a\nb')).toBe(3);
  });

  it('never exceeds the string length and equals it without carriage returns', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        expect(postLength(text)).toBeLessThanOrEqual(text.length);
        if (!text.includes('\r')) expect(postLength(text)).toBe(text.length);
      }),
    );
  });
});

describe('passwordProblems', () => {
  it('lists in Spanish what a password lacks under the pool policy, and nothing for a good one', () => {
    expect(passwordProblems('Contraseña-123')).toEqual([]);
    expect(passwordProblems('corta')).toEqual([
      'al menos 10 caracteres',
      'una mayúscula',
      'un número',
      'un símbolo (por ejemplo - _ ! ? #)',
    ]);
    expect(passwordProblems('CONTRASENA-123')).toEqual(['una minúscula']);
  });
});
