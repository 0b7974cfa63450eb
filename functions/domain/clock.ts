/**
 * The time, from one place. Domain functions take `now` from their dependencies, so tests pass a fixed
 * or moving clock (the Top across a Madrid midnight, a deleted account's mark expiring); without one
 * they read the system's.
 */

/** Something that may carry a clock: a use case's dependencies. */
export type Clocked = { now?: () => Date };

/** The system's time. */
export const systemTime = (): Date => new Date();

/** The time by the dependencies' clock, or the system's. */
export const timeOf = (deps: Clocked): Date => (deps.now ?? systemTime)();

/** Milliseconds on the system's clock, for durations and pacing (what `Date.now()` gives). */
export const systemMillis = (): number => Date.now();
