/**
 * The first visit's note on the two votes (app/FirstVisitNote.tsx) is part of the server's HTML, so
 * it is painted with the page and never pushes the cards down when the app takes over. A reader who
 * closed it has this browser remember so; for them a tiny inline script in the document's head
 * (votesNoteScript, allowed by its hash in the CSP) marks `<html>` with VOTES_NOTE_CLOSED_CLASS before
 * the first paint, and the style sheet hides the note: it is never painted, and the app then leaves
 * it out.
 *
 * No imports: vite.config.ts loads this file outside the app's aliases.
 */

/** Where this browser remembers that the note was closed. */
export const VOTES_NOTE_CLOSED_KEY = 'vaya-dia:explicacion-votos-cerrada';
/** Set on `<html>` by the inline script when the note was closed before (styles.css hides the note). */
export const VOTES_NOTE_CLOSED_CLASS = 'votes-note-closed';

/** The inline script's text. Plain ES5 with no dependencies; it must never throw. */
export function votesNoteScript(): string {
  const key = JSON.stringify(VOTES_NOTE_CLOSED_KEY);
  const closedClass = JSON.stringify(VOTES_NOTE_CLOSED_CLASS);
  return `(function(){try{if(window.localStorage.getItem(${key})!==null)document.documentElement.classList.add(${closedClass})}catch(x){}})()`;
}

/**
 * Whether the note is closed in this document: closed before (the inline script read the browser's
 * storage before the first paint) or just now. The class is the one record of it, read without
 * touching storage again.
 */
export function votesNoteClosed(): boolean {
  return document.documentElement.classList.contains(VOTES_NOTE_CLOSED_CLASS);
}

/** Remembers that the note was closed, and hides it from now on; not remembered when storage is refused. */
export function rememberVotesNoteClosed(): void {
  document.documentElement.classList.add(VOTES_NOTE_CLOSED_CLASS);
  try {
    window.localStorage.setItem(VOTES_NOTE_CLOSED_KEY, new Date().toISOString());
  } catch {
    // Not remembered: closed for this page all the same.
  }
}
