import { startTransition, useEffect, useState, useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False while the server renders a page and while the browser's first render takes that markup over
 * (its output must be the server's); true right after, and in any render made in the browser alone.
 *
 * The switch is a synchronous re-render of the component that asks (React forces it), so ask in small
 * components: asked by one that holds the page (a layout, a feed), it re-rendered the whole page in one
 * task that kept a slow phone from answering taps for half a second.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/** Whether the app renders from scratch (the bare shell, no server markup to take over). */
let renderedFromScratch = false;

/** Said by the entry before it renders an app with no server markup (see useRootHydrated). */
export function renderingWithoutServerMarkup(): void {
  renderedFromScratch = true;
}

/**
 * useHydrated for a component at the app's root, which mounts once, with the app (AuthProvider: who is
 * signed in reaches most of the page). The same answers, but the switch to true is a transition, which
 * React renders in slices that yield to taps. Anywhere else it would be wrong: a component mounted after
 * the page was taken over would still start false.
 */
export function useRootHydrated(): boolean {
  const [hydrated, setHydrated] = useState(renderedFromScratch);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
