import { useReducer } from 'react';
import { useLocation } from 'react-router-dom';
import { useHydrated } from '../lib/hydration';
import { intentOf } from '../lib/taps';
import { rememberVotesNoteClosed, votesNoteClosed } from '../lib/votesNote';

/** Pages whose cards carry the two votes the note explains. */
function showsVotes(pathname: string): boolean {
  return pathname === '/' || pathname === '/top' || pathname.startsWith('/category/') || pathname.startsWith('/post/');
}

/**
 * A first visitor's one-line explanation of the two votes, until they close it (remembered in this
 * browser, never shown again there). It is in the server's HTML, so it is painted with the page and
 * moves nothing when the app takes over; where it was closed before, the document's own script hides
 * it before the first paint (lib/votesNote.ts) and the app leaves it out once it has taken over. It is
 * kept to two short lines on a phone, so the first card still starts in the upper part of the screen.
 * «Entendido» tapped before the take-over is kept and carried out then (lib/taps.ts).
 */
export function FirstVisitNote() {
  const hydrated = useHydrated();
  const { pathname } = useLocation();
  // Closing marks `<html>`, which React does not watch: this renders the note again to leave it out.
  const [, renderAgain] = useReducer((count: number) => count + 1, 0);
  // Until the page is taken over, the render is the server's: the note is always in it.
  if (!showsVotes(pathname) || (hydrated && votesNoteClosed())) return null;

  function close() {
    rememberVotesNoteClosed();
    renderAgain();
  }

  return (
    <div className="first-visit">
      <p>
        <strong>«¡Vaya día!»</strong>: fue mala suerte. <strong>«Te lo mereces»</strong>: se lo buscó.
      </p>
      <button type="button" className="first-visit__close" data-intent={intentOf('close-note', 'votes')} onClick={close}>
        Entendido
      </button>
    </div>
  );
}
