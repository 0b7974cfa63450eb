import { useSyncExternalStore } from 'react';

/** One message for the whole site, said politely and shown until closed or replaced. */
export type Announcement = { id: number; text: string };

let current: Announcement | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

const notify = () => {
  for (const listener of [...listeners]) listener();
};

/**
 * Says `text` in the site's own status area (components/Announcements.tsx, under the header), so a
 * confirmation outlives the control that asked for it: a card that a report hides leaves the page at
 * once, and its thanks would leave with it.
 */
export function announce(text: string): void {
  current = { id: nextId++, text };
  notify();
}

/** Closes the announcement `id` (a newer one stays). */
export function dismissAnnouncement(id: number): void {
  if (current?.id !== id) return;
  current = null;
  notify();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The announcement on screen, if any (none while the server renders). */
export function useAnnouncement(): Announcement | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}
