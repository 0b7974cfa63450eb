/**
 * No tap lost before the app runs, and none unanswered (docs/web.md). A server-rendered page paints
 * seconds before its scripts have run, and a button does nothing until then. Buttons that need the
 * app (votes, «Guardar», «Compartir», «Denunciar», a note's «Entendido») carry `data-intent="<what>:<id>"`;
 * a tiny inline script in the document's head (tapKeeperScript, allowed by its hash in the CSP)
 * catches a click on one before the app has taken the page over — or while the app still marks the
 * button `aria-disabled="true"` because it cannot act yet (who is signed in is not known) — keeps it
 * once (a second tap on the same button is the same wish, not a second vote), and marks the button
 * `data-tap-pending`, which the style sheet shows as in progress. When this browser holds a session,
 * a vote or «Guardar» is also shown pressed at once, in the page itself: `aria-pressed="true"`, the
 * count moved by one («Guardada» for «Guardar»; a vote of the other kind tapped earlier is taken back,
 * the last wish wins). Those presses are listed (`p`) so that the app's first render shows the page
 * as it is (lib/useKeptPress.ts: no flash back to unpressed, no mismatch with the page it takes over)
 * until its own state has caught up. Once the app has taken the page over and knows who is signed in,
 * useTapReplay clicks each kept button again, when it is ready: the app's own handler runs it, exactly
 * once. That click is told apart ({@link isReplayedTap}): a tap made before the app could show any
 * state means the state wished for, not a toggle — a replayed vote or «Guardar» only adds (already
 * given: nothing changes), and a replayed «Compartir», which has no fresh user activation for the
 * share sheet, copies the link instead.
 *
 * No imports: vite.config.ts loads this file (through its own import) outside the app's aliases.
 */

/** The attribute that names what a button does, and on which post or comment. */
export const INTENT_ATTRIBUTE = 'data-intent';
/** Set on a button whose tap is kept, until it is carried out. */
export const PENDING_ATTRIBUTE = 'data-tap-pending';
/** The event the inline script dispatches on `window` when it keeps a tap. */
export const TAP_EVENT = 'vaya:tap';
/** The event {@link releaseKeptPress} dispatches on `window` when a press shown by the script is handed to the app. */
export const PRESS_EVENT = 'vaya:press';
/** The class of a vote button's count, which the inline script moves on a tap. */
export const VOTE_COUNT_CLASS = 'vote-button__count';
/** «Guardar» pressed: its label, which the inline script shows on a tap. */
export const SAVED_LABEL = 'Guardada';
/** How long a kept tap waits for its button to be ready before it is given up (and said so). */
export const REPLAY_DEADLINE_MS = 20_000;

export type KeptTaps = {
  /** The kept intents, oldest first, each once. */
  q: string[];
  /** Whether the app has taken over: from then on only taps on `aria-disabled` buttons are kept. */
  app: boolean;
  /**
   * The intents the script showed pressed in the page (a vote or «Guardar», with a session): the app
   * shows them so until its own state holds them ({@link releaseKeptPress}).
   */
  p: string[];
};

declare global {
  interface Window {
    /** Set by the document's inline script; see tapKeeperScript. */
    __vayaTaps?: KeptTaps;
  }
}

/**
 * The inline script's text. Plain ES5 with no dependencies; it must never throw. A session is told by
 * Amplify's `CognitoIdentityServiceProvider.<client>.LastAuthUser` key (removed on sign-out): without
 * one, a tap is kept but not shown pressed, since the app will ask to sign in instead. Text is changed
 * in the text nodes React rendered (their `nodeValue`), never by replacing them, so the app takes
 * over the same nodes.
 */
export function tapKeeperScript(): string {
  return `(function(){try{var w=window,d=document;if(w.__vayaTaps)return;var t=w.__vayaTaps={q:[],app:false,p:[]};var signed=function(){try{var s=w.localStorage;for(var i=0;i<s.length;i++){var k=s.key(i)||"";if(k.indexOf("CognitoIdentityServiceProvider.")===0&&k.slice(-13)===".LastAuthUser")return true}}catch(x){}return false};var find=function(i){var a=d.querySelectorAll("[${INTENT_ATTRIBUTE}]");for(var j=0;j<a.length;j++)if(a[j].getAttribute("${INTENT_ATTRIBUTE}")===i)return a[j];return null};var text=function(n,f){n=n&&n.firstChild;if(n&&n.nodeType===3)n.nodeValue=f(n.nodeValue)};var count=function(b,by){text(b.querySelector(".${VOTE_COUNT_CLASS}"),function(v){var c=parseInt(v,10);return isNaN(c)?v:String(Math.max(0,c+by))})};var drop=function(a,i){var j=a.indexOf(i);if(j>=0)a.splice(j,1)};var press=function(b,i){var c=i.indexOf(":"),k=i.slice(0,c),id=i.slice(c+1);if(b.getAttribute("aria-pressed")==="true")return;if(k==="save"){b.setAttribute("aria-pressed","true");text(b,function(){return ${JSON.stringify(SAVED_LABEL)}})}else if(k==="vote-agree"||k==="vote-deserved"){var o=(k==="vote-agree"?"vote-deserved:":"vote-agree:")+id;if(t.p.indexOf(o)>=0){drop(t.p,o);drop(t.q,o);var ob=find(o);if(ob){ob.setAttribute("aria-pressed","false");ob.removeAttribute("${PENDING_ATTRIBUTE}");count(ob,-1)}}b.setAttribute("aria-pressed","true");count(b,1)}else return;t.p.push(i)};w.addEventListener("click",function(e){var n=e.target,b=n&&n.closest?n.closest("[${INTENT_ATTRIBUTE}]"):null;if(!b)return;if(t.app&&b.getAttribute("aria-disabled")!=="true")return;e.preventDefault();e.stopPropagation();var i=b.getAttribute("${INTENT_ATTRIBUTE}");if(t.q.indexOf(i)>=0)return;t.q.push(i);b.setAttribute("${PENDING_ATTRIBUTE}","");if(signed())try{press(b,i)}catch(x){}try{w.dispatchEvent(new Event("${TAP_EVENT}"))}catch(x){}},true)}catch(x){}})()`;
}

/** The intent of a vote, «Guardar», «Compartir», «Denunciar» or a note's «Entendido» button, as its `data-intent`. */
export function intentOf(
  action: 'vote-agree' | 'vote-deserved' | 'save' | 'share' | 'report' | 'report-comment' | 'close-note',
  id: string,
): string {
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
  const taps = (window.__vayaTaps ??= { q: [], app: false, p: [] });
  // A document cached (service worker) from before the script listed its presses.
  taps.p ??= [];
  return taps;
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
      else {
        releaseKeptPress(intent);
        options.onGiveUp(intent);
      }
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

/**
 * The app's state now holds the press the script showed for `intent` (or it was refused, or given
 * up): the app renders from its own state again. Nothing when there is none.
 */
export function releaseKeptPress(intent: string): void {
  const taps = window.__vayaTaps;
  const index = taps?.p?.indexOf(intent) ?? -1;
  if (!taps || index < 0) return;
  taps.p.splice(index, 1);
  window.dispatchEvent(new Event(PRESS_EVENT));
}

/**
 * A kept tap the app will not carry out (signed out after all, or the button is gone for good: one's
 * own post shows no vote buttons): dropped without a word, and the press the script showed with it.
 */
export function forgetTap(intent: string): void {
  const taps = keptTaps();
  const index = taps.q.indexOf(intent);
  if (index >= 0) taps.q.splice(index, 1);
  findIntent(intent)?.removeAttribute(PENDING_ATTRIBUTE);
  releaseKeptPress(intent);
}
