import { useCallback, useSyncExternalStore } from 'react';
import { PRESS_EVENT, TAP_EVENT } from './taps';

/**
 * The press the inline script shows in the page for one of `intents` (the buttons of one card), if
 * any: the app renders it so until its own state holds it, then calls releaseKeptPress (./taps.ts). The
 * first render in the browser reads it too (the page it takes over already shows it); the server,
 * which has no window, never has one.
 */
export function useKeptPress(...intents: string[]): string | null {
  const key = intents.join(' ');
  const read = useCallback(() => {
    if (typeof window === 'undefined' || !window.__vayaTaps) return null;
    const pressed = window.__vayaTaps.p ?? [];
    return key.split(' ').find((intent) => pressed.includes(intent)) ?? null;
  }, [key]);
  return useSyncExternalStore(subscribeToPresses, read, read);
}

function subscribeToPresses(onChange: () => void): () => void {
  window.addEventListener(TAP_EVENT, onChange);
  window.addEventListener(PRESS_EVENT, onChange);
  return () => {
    window.removeEventListener(TAP_EVENT, onChange);
    window.removeEventListener(PRESS_EVENT, onChange);
  };
}
