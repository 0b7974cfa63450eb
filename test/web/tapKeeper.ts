import { afterEach, beforeAll } from 'vitest';
import { tapKeeperScript } from '../../web/src/lib/taps';

/**
 * The document's inline tap keeper (lib/taps.ts) for this test file, run as the browser runs it from
 * the document's head: its text, exactly as it goes into index.html. After each test the replays that
 * were `started` are stopped and the kept taps forgotten, then `cleanUp` runs, so no test sees another's.
 */
export function withTapKeeper(cleanUp: () => void = () => {}): { started: (stop: () => void) => () => void } {
  beforeAll(() => {
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the script under test is text
    (new Function(tapKeeperScript()) as () => void)();
  });
  const stops: Array<() => void> = [];
  afterEach(() => {
    for (const stop of stops.splice(0)) stop();
    Object.assign(window.__vayaTaps!, { q: [], app: false, p: [] });
    cleanUp();
  });
  return {
    started: (stop) => {
      stops.push(stop);
      return stop;
    },
  };
}
