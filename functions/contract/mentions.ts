/**
 * Mentions in a comment (docs/api.md): `@apodo` of an existing account becomes a link to its author
 * page and a `comment.mention` notification for it. The text is never changed: the server and the web
 * find the same candidates in it, the first {@link MAX_MENTIONS} distinct ones, and the rest are text.
 */
import { NAME_MAX_LENGTH, NAME_MIN_LENGTH } from './accountRules';

/** Distinct apodos a comment may mention; more are plain text (not an error). */
export const MAX_MENTIONS = 3;

/**
 * `@` then an apodo's characters without spaces (letters of any script, so that a look-alike spelling
 * is found and matched as names are), not after a letter or digit (so never inside an address).
 */
const MENTION = /(?<![\p{L}\p{N}_.@-])@([\p{L}\p{M}\p{N}._-]+)/gu;

/** A piece of a comment's text: plain text, or a candidate mention (`name`: what follows the `@`). */
export type MentionSegment = { text: string; name?: string };

/** A candidate's name: trailing punctuation (the end of a sentence) is not part of it. */
function nameOf(raw: string): string | undefined {
  const name = raw.replace(/[._-]+$/u, '');
  const length = [...name].length;
  return length >= NAME_MIN_LENGTH && length <= NAME_MAX_LENGTH ? name : undefined;
}

/**
 * The text cut into plain pieces and candidate mentions, in order. `sameName` says which candidates
 * are one name (the server compares their unique keys); only the first {@link MAX_MENTIONS} distinct
 * names are candidates, later ones stay text.
 */
export function mentionSegments(text: string, sameName: (name: string) => string): MentionSegment[] {
  const segments: MentionSegment[] = [];
  const seen = new Set<string>();
  let at = 0;
  for (const match of text.matchAll(MENTION)) {
    const name = nameOf(match[1] ?? '');
    if (name === undefined) continue;
    const key = sameName(name);
    if (!seen.has(key)) {
      if (seen.size >= MAX_MENTIONS) continue;
      seen.add(key);
    }
    const start = match.index;
    if (start > at) segments.push({ text: text.slice(at, start) });
    segments.push({ text: `@${name}`, name });
    at = start + 1 + name.length;
  }
  if (at < text.length) segments.push({ text: text.slice(at) });
  return segments;
}

/**
 * How an apodo is written as one mention: `@` and the apodo with `_` for each space («@Ana_Pérez»), since a
 * mention ends at a space. «Responder» writes this under the comment it answers.
 */
export function mentionOf(name: string): string {
  return `@${name.replace(/ /g, '_')}`;
}

/**
 * The apodos a candidate may stand for, in the order they are looked up: as written, then with each `_`
 * read as a space (how {@link mentionOf} writes an apodo with spaces).
 */
export function mentionSpellings(name: string): string[] {
  const spaced = name.replace(/_/g, ' ');
  return spaced === name ? [name] : [name, spaced];
}

/** The distinct names a comment mentions (at most {@link MAX_MENTIONS}), as written, first first. */
export function mentionedNames(text: string, sameName: (name: string) => string): string[] {
  const names = new Map<string, string>();
  for (const segment of mentionSegments(text, sameName)) {
    if (segment.name !== undefined && !names.has(sameName(segment.name))) names.set(sameName(segment.name), segment.name);
  }
  return [...names.values()];
}
