import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useHydrated } from '../lib/hydration';

/** Where the dismissal is remembered (this browser only). */
const DISMISSED_KEY = 'vaya-dia:explicacion-votos-cerrada';

/** Pages whose cards carry the two votes the note explains. */
function showsVotes(pathname: string): boolean {
  return pathname === '/' || pathname === '/top' || pathname.startsWith('/category/') || pathname.startsWith('/post/');
}

function dismissedBefore(): boolean {
  try {
    return window.localStorage.getItem(DISMISSED_KEY) !== null;
  } catch {
    // Storage refused (a private mode, a blocked site): the note can still be closed for this page.
    return false;
  }
}

/**
 * A first visitor's one-line explanation of the two votes, until they close it (remembered in
 * localStorage, never shown again in this browser). The server cannot know whether it was closed, so
 * it appears once the page is taken over; it is kept to two short lines on a phone, so the first card
 * still starts in the upper part of the screen.
 */
export function FirstVisitNote() {
  const hydrated = useHydrated();
  const { pathname } = useLocation();
  const [closed, setClosed] = useState(false);
  if (!hydrated || closed || !showsVotes(pathname) || dismissedBefore()) return null;

  function close() {
    try {
      window.localStorage.setItem(DISMISSED_KEY, new Date().toISOString());
    } catch {
      // Not remembered: closed for now all the same.
    }
    setClosed(true);
  }

  return (
    <div className="first-visit">
      <p>
        <strong>«¡Vaya día!»</strong>: fue mala suerte. <strong>«Te lo mereces»</strong>: se lo buscó.
      </p>
      <button type="button" className="first-visit__close" onClick={close}>
        Entendido
      </button>
    </div>
  );
}
