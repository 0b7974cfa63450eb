/**
 * No tap lost before the app runs (docs/web.md). A server-rendered page paints
 * seconds before its scripts have run, and a button does nothing until then. Buttons that need the
 * app (votes, «Guardar», «Compartir», «Denunciar») carry `data-intent="<what>:<post or comment id>"`;
 * a tiny inline script in the document's head (tapKeeperScript, allowed by its hash in the CSP)
 * catches a click on one before the app has taken the page over — or while the app still marks the
 * button `aria-disabled="true"` because it cannot act yet (who is signed in is not known) — keeps it
 * once (a second tap on the same button is the same wish, not a second vote), and marks the button
 * `data-tap-pending`, which the style sheet shows as in progress. Once the app has taken the page
 * over and knows who is signed in, useTapReplay clicks each kept button again, when it is ready: the
 * app's own handler runs it, exactly once. That click is told apart ({@link isReplayedTap}): a tap made
 * before the app could show any state means the state wished for, not a toggle — a replayed vote or
 * «Guardar» only adds (already given: nothing changes), and a replayed «Compartir», which has no fresh
 * user activation for the share sheet, copies the link instead.
 *
 * No imports: vite.config.ts loads this file (through its own import) outside the app's aliases.
 */

/** The attribute that names what a button does, and on which post or comment. */
export const INTENT_ATTRIBUTE = 'data-intent';
/** Set on a button whose tap is kept, until it is carried out. */
export const PENDING_ATTRIBUTE = 'data-tap-pending';
/** The event the inline script dispatches on `window` when it keeps a tap. */
export const TAP_EVENT = 'vaya:tap';
/** How long a kept tap waits for its button to be ready before it is given up (and said so). */
export const REPLAY_DEADLINE_MS = 20_000;

export type KeptTaps = {
  /** The kept intents, oldest first, each once. */
  q: string[];
  /** Whether the app has taken over: from then on only taps on `aria-disabled` buttons are kept. */
  app: boolean;
};

declare global {
  interface Window {
    /** Set by the document's inline script; see tapKeeperScript. */
    __vayaTaps?: KeptTaps;
  }
}

/** The inline script's text. Plain ES5 with no dependencies; it must never throw. */
export function tapKeeperScript(): string {
  return `(function(){try{var w=window;if(w.__vayaTaps)return;var t=w.__vayaTaps={q:[],app:false};w.addEventListener("click",function(e){var n=e.target,b=n&&n.closest?n.closest("[${INTENT_ATTRIBUTE}]"):null;if(!b)return;if(t.app&&b.getAttribute("aria-disabled")!=="true")return;e.preventDefault();e.stopPropagation();var i=b.getAttribute("${INTENT_ATTRIBUTE}");if(t.q.indexOf(i)<0)t.q.push(i);b.setAttribute("${PENDING_ATTRIBUTE}","");try{w.dispatchEvent(new Event("${TAP_EVENT}"))}catch(x){}},true)}catch(x){}})()`;
}

/** The intent of a vote, «Guardar», «Compartir» or «Denunciar» button, as its `data-intent`. */
export function intentOf(action: 'vote-agree' | 'vote-deserved' | 'save' | 'share' | 'report' | 'report-comment', id: string): string {
  return `${action}:${id}`;
}

/** The button carrying `intent`, if it is on the page. */
export function findIntent(intent: string, root: ParentNode = document): HTMLElement | null {
  for (const element of root.querySelectorAll<HTMLElement>(`[${INTENT_ATTRIBUTE}]`)) {
    if (element.getAttribute(INTENT_ATTRIBUTE) === intent) return element;
  }
  return null;
}

/** The clicks made by a replay (not by a person's tap just now). */
const replayed = new WeakSet<Event>();

/**
 * Whether `event` (a click's native event) is a kept tap carried out by the app, rather than a tap made
 * just now: its handler then does what the person wanted when tapping blind, before the page could
 * show any state (a vote or «Guardar» only added, never taken back), and has no user activation
 * (no share sheet). A handler under React passes `event.nativeEvent`.
 */
export function isReplayedTap(event: Event): boolean {
  return replayed.has(event);
}

/** Clicks `element` as the replay of a kept tap (see {@link isReplayedTap}). */
function replayClick(element: HTMLElement): void {
  const click = new MouseEvent('click', { bubbles: true, cancelable: true, composed: true });
  replayed.add(click);
  element.dispatchEvent(click);
}

/** Whether the app would act on a click on `element` now. */
function isReady(element: HTMLElement): boolean {
  return (
    !(element as HTMLButtonElement).disabled &&
    element.getAttribute('aria-disabled') !== 'true' &&
    element.getAttribute('aria-busy') !== 'true'
  );
}

/** The kept taps (made by the inline script, or here where it did not run: tests, a page without it). */
export function keptTaps(): KeptTaps {
  return (window.__vayaTaps ??= { q: [], app: false });
}

/**
 * The app has taken over: carries out each kept tap once its button is ready (a click, so the app's
 * own handler does it), and keeps doing so for taps kept later (on buttons not ready yet) until
 * `stop` is called. A tap whose button is gone, or not ready within {@link REPLAY_DEADLINE_MS}, is
 * given up: its mark is removed and `onGiveUp` says so. Returns `stop`.
 */
export function startReplay(options: { onGiveUp: (intent: string) => void; now?: () => number; intervalMs?: number }): () => void {
  const now = options.now ?? Date.now;
  const taps = keptTaps();
  taps.app = true;
  const since = new Map<string, number>();
  let timer: ReturnType<typeof setInterval> | undefined;

  const run = () => {
    for (const intent of [...taps.q]) {
      const first = since.get(intent) ?? now();
      since.set(intent, first);
      const element = findIntent(intent);
      const ready = element !== null && isReady(element);
      if (!ready && now() - first < REPLAY_DEADLINE_MS) continue;
      taps.q.splice(taps.q.indexOf(intent), 1);
      since.delete(intent);
      element?.removeAttribute(PENDING_ATTRIBUTE);
      if (ready) replayClick(element);
      else options.onGiveUp(intent);
    }
    if (taps.q.length === 0 && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    } else if (taps.q.length > 0 && timer === undefined) {
      timer = setInterval(run, options.intervalMs ?? 200);
    }
  };
  window.addEventListener(TAP_EVENT, run);
  run();
  return () => {
    window.removeEventListener(TAP_EVENT, run);
    if (timer !== undefined) clearInterval(timer);
    taps.app = false;
  };
}

/** Keeps a tap on `intent` as if it had been made now (a wish offered again after sign-in): carried out once its button is ready. */
export function keepTap(intent: string): void {
  const taps = keptTaps();
  if (!taps.q.includes(intent)) taps.q.push(intent);
  findIntent(intent)?.setAttribute(PENDING_ATTRIBUTE, '');
  window.dispatchEvent(new Event(TAP_EVENT));
}
