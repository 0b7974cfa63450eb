import { createContext, startTransition, useContext, useEffect, useState, type ReactNode } from 'react';

/**
 * Whether the page has been taken over, as the app's root knows it (HydrationProvider). Without a
 * provider (a render in the browser alone, outside the app: tests), the answer is yes.
 */
const HydratedContext = createContext(true);

/** Whether the app renders from scratch (the bare shell, no server markup to take over). */
let renderedFromScratch = false;

/** Said by the entry before it renders an app with no server markup: nothing is taken over. */
export function renderingWithoutServerMarkup(): void {
  renderedFromScratch = true;
}

/**
 * Around the whole app (AppProviders, on the server too): false while the server renders and while the
 * browser's first render takes the markup over, true right after. The switch is a transition: what it
 * reveals (who is signed in, the reader's time zone, notices) reaches most of the page, and React
 * renders a transition in slices that yield to taps. (`useSyncExternalStore`, the usual way to tell a
 * taking-over render, forces a synchronous re-render of each component that asks: measured on a slow
 * phone, one task that kept taps waiting for half a second.) A part of the page still waiting for its
 * script when the switch comes is taken over first, with the value it was rendered with.
 */
export function HydrationProvider({ children }: { children: ReactNode }) {
  const [hydrated, setHydrated] = useState(renderedFromScratch);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return <HydratedContext.Provider value={hydrated}>{children}</HydratedContext.Provider>;
}

/**
 * False while the server renders a page and while the browser's first render takes that markup over
 * (its output must be the server's); true right after, and in any render made in the browser alone.
 */
export function useHydrated(): boolean {
  return useContext(HydratedContext);
}
