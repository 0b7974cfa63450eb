/**
 * A vote or «Guardar» pressed while signed out, offered again after sign-in (docs/web.md): the
 * card that asked to sign in keeps here what was pressed, on which page; back on that page signed in
 * (app/IntentOffer.tsx), the person is asked «¿Votar "¡Vaya día!" ahora?» and a «Sí» presses the
 * same button (lib/taps.ts keepTap). Kept in sessionStorage: this tab only, through the Google
 * redirect, for {@link INTENT_TTL_MS}.
 */

const KEY = 'vaya-dia:intent';

/** How long a wish made before signing in is offered again. */
export const INTENT_TTL_MS = 30 * 60_000;

export type PendingIntent = {
  /** The button's `data-intent` (lib/taps.ts intentOf). */
  intent: string;
  /** The question that offers it again, in Spanish. */
  question: string;
  /** The page (path, without query or hash) it was pressed on. */
  path: string;
  at: number;
};

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Keeps what was pressed on `path` until the person is back there signed in. */
export function rememberIntent(intent: string, question: string, path: string, now = Date.now()): void {
  try {
    storage()?.setItem(KEY, JSON.stringify({ intent, question, path, at: now } satisfies PendingIntent));
  } catch {
    // Storage full or refused: the person presses the button again themselves.
  }
}

/** The wish kept for `path`, if any and still fresh (a stale or malformed one is dropped). */
export function pendingIntentFor(path: string, now = Date.now()): PendingIntent | null {
  const store = storage();
  let kept: unknown;
  try {
    kept = JSON.parse(store?.getItem(KEY) ?? 'null');
  } catch {
    kept = null;
  }
  if (!isPendingIntent(kept) || now - kept.at > INTENT_TTL_MS || kept.at > now + 60_000) {
    if (kept !== null) forgetIntent();
    return null;
  }
  return kept.path === path ? kept : null;
}

/** The wish was offered: answered or declined, it is not offered again. */
export function forgetIntent(): void {
  try {
    storage()?.removeItem(KEY);
  } catch {
    // nothing kept
  }
}

function isPendingIntent(value: unknown): value is PendingIntent {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.intent === 'string' && typeof v.question === 'string' && typeof v.path === 'string' && typeof v.at === 'number';
}
