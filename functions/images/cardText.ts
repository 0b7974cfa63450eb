/**
 * How a post's text fits its share card: the largest font size at which the whole text wraps into the
 * box, or, when even the smallest is too small, the lines that fit with «…» closing the last one.
 * Pure: widths come from a measure (in ems), so the same rules are tested with a fixed-width measure
 * and run with the card font's own (see {@link interWidth}).
 */

/** The width of `text` in ems (1 = the font size). */
export type Measure = (text: string) => number;

export type TextBox = {
  /** Width of the box, in pixels. */
  width: number;
  /** Height of the box, in pixels. */
  height: number;
  /** Font sizes to try, largest first, in pixels. */
  sizes: readonly number[];
  /** Line height as a multiple of the font size. */
  lineHeight: number;
};

export type FittedText = {
  /** The font size chosen, in pixels. */
  size: number;
  /** The lines, each within the box's width. */
  lines: string[];
  /** Whether text was left out (the last line then ends with «…»). */
  shortened: boolean;
};

export const ELLIPSIS = '…';

/**
 * The text's lines at the largest size of `box.sizes` that holds it all; else at the smallest, as
 * many lines as the box holds, the last one ending in «…». Whitespace (line breaks included) is
 * folded to single spaces; a word longer than a line is broken where it no longer fits.
 */
export function fitText(text: string, box: TextBox, measure: Measure): FittedText {
  const words = text.split(/\s+/u).filter((word) => word.length > 0);
  const sizes = box.sizes.length > 0 ? box.sizes : [16];
  for (const size of sizes) {
    const maxLines = Math.max(1, Math.floor(box.height / (size * box.lineHeight)));
    const lines = wrap(words, box.width / size, measure);
    if (lines.length <= maxLines) return { size, lines, shortened: false };
    if (size === sizes[sizes.length - 1]) {
      const kept = lines.slice(0, maxLines);
      kept[kept.length - 1] = withEllipsis(kept[kept.length - 1] ?? '', box.width / size, measure);
      return { size, lines: kept, shortened: true };
    }
  }
  /* c8 ignore next: the loop always returns at the last size */
  throw new Error('unreachable');
}

/** Greedy wrapping of words into lines no wider than `width` ems. */
export function wrap(words: readonly string[], width: number, measure: Measure): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const candidate = line ? `${line} ${word}` : word;
    if (measure(candidate) <= width) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    // A word wider than the whole line is cut where it stops fitting.
    let rest = word;
    while (measure(rest) > width) {
      const cut = longestPrefix(rest, width, measure);
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  if (line) lines.push(line);
  return lines;
}

/** `line` with «…» at its end, words (or, for one long word, characters) dropped until it fits. */
function withEllipsis(line: string, width: number, measure: Measure): string {
  let kept = line.replace(/[\s.,;:]+$/u, '');
  while (kept.length > 0 && measure(`${kept}${ELLIPSIS}`) > width) {
    const space = kept.lastIndexOf(' ');
    kept = space > 0 ? kept.slice(0, space) : [...kept].slice(0, -1).join('');
    kept = kept.replace(/[\s.,;:]+$/u, '');
  }
  return `${kept}${ELLIPSIS}`;
}

/** How many UTF-16 units of `text`'s start fit in `width` ems (at least one character). */
function longestPrefix(text: string, width: number, measure: Measure): number {
  const characters = [...text];
  let taken = '';
  for (const character of characters) {
    if (taken && measure(taken + character) > width) break;
    taken += character;
  }
  return taken.length;
}

/**
 * Advance widths of Inter (the cards' font) in ems, rounded up per class of character so that a line
 * measured here is never narrower than Inter draws it: what fits here fits on the card.
 */
const NARROW = new Set([...'ijl.,;:\'’!¡|()[]{}"`· ']);
const SEMI_NARROW = new Set([...'frtI1-¿?/\\*']);
const WIDE = new Set([...'mwMW@%&—…']);
export const interWidth: Measure = (text) => {
  let width = 0;
  for (const character of text) {
    if (NARROW.has(character)) width += 0.32;
    else if (SEMI_NARROW.has(character)) width += 0.46;
    else if (WIDE.has(character)) width += 1.0;
    // Beyond Latin (other scripts, emoji): as wide as a square.
    else if ((character.codePointAt(0) ?? 0) > 0x24f) width += 1.1;
    else if (character !== character.toLowerCase()) width += 0.78;
    else width += 0.62;
  }
  return width;
};
