/**
 * The new-post form's draft, kept in sessionStorage (this tab only) under the account that writes it:
 * a writer who opens one of «¿Se parece a alguna de estas?» in the same tab finds the text and the
 * category again when back on `/newpost`; another account signed in later in the tab does not. A sent
 * post clears it.
 */
import { CATEGORIES, type Category } from '@contract/categories';

export type Draft = { category: Category; text: string };

const keyOf = (who: string) => `vaya-dia:draft:${who}`;

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** The draft `who` left in this tab, or null (none, or not one this form wrote). */
export function readDraft(who: string | null | undefined): Draft | null {
  if (!who) return null;
  try {
    const kept: unknown = JSON.parse(storage()?.getItem(keyOf(who)) ?? 'null');
    if (typeof kept !== 'object' || kept === null) return null;
    const { category, text } = kept as Record<string, unknown>;
    return typeof text === 'string' && (CATEGORIES as readonly unknown[]).includes(category)
      ? { category: category as Category, text }
      : null;
  } catch {
    return null;
  }
}

/** Keeps `who`'s draft (an empty text forgets it). */
export function keepDraft(who: string | null | undefined, draft: Draft): void {
  if (!who) return;
  try {
    if (draft.text.length === 0) storage()?.removeItem(keyOf(who));
    else storage()?.setItem(keyOf(who), JSON.stringify(draft));
  } catch {
    // Storage full or refused: the draft lives as long as the page, as before.
  }
}

export function clearDraft(who: string | null | undefined): void {
  if (!who) return;
  try {
    storage()?.removeItem(keyOf(who));
  } catch {
    // Nothing kept.
  }
}
