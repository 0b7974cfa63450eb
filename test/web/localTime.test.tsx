import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { render, within } from '@testing-library/react';
import { LocalTime } from '../../web/src/components/LocalTime';
import { formatMonthYear, formatPostDate, SITE_TIME_ZONE } from '../../web/src/lib/format';
import { HydrationProvider } from '../../web/src/lib/hydration';

// Node reads TZ again when it is assigned: the reader, here, is in Mexico City (UTC−6, no summer time).
const zoneBefore = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/Mexico_City';
  // hydrateRoot outside Testing Library's render: React's act() is told it runs in a test.
  Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });
});
afterAll(() => {
  process.env.TZ = zoneBefore;
});

/**
 * Every text the page's <time> has shown since now, in order: each in-place change keeps the text it
 * replaced (characterData records' oldValue), and the last is the current one.
 */
function textsShown(root: HTMLElement): () => string[] {
  const records: MutationRecord[] = [];
  const observer = new MutationObserver((delivered) => records.push(...delivered));
  observer.observe(root, { subtree: true, characterData: true, characterDataOldValue: true, childList: true });
  return () => {
    records.push(...observer.takeRecords());
    observer.disconnect();
    const replaced = records.flatMap((record) => (record.type === 'characterData' ? [record.oldValue ?? ''] : []));
    return [...replaced, root.querySelector('time')?.textContent ?? ''];
  };
}

describe('dates in Spanish', () => {
  it("spells a moment in Madrid's time, in summer and in winter, and in the reader's", () => {
    expect(formatPostDate('2025-05-03T12:05:00.000Z', SITE_TIME_ZONE)).toBe('3 de mayo de 2025, 14:05');
    expect(formatPostDate('2025-12-31T23:30:00.000Z', SITE_TIME_ZONE)).toBe('1 de enero de 2026, 0:30');
    expect(formatPostDate('2025-05-03T12:05:00.000Z')).toBe('3 de mayo de 2025, 6:05');
    expect(formatMonthYear('2026-03-31T22:30:00.000Z', SITE_TIME_ZONE)).toBe('abril de 2026');
    expect(formatMonthYear('2026-03-31T22:30:00.000Z')).toBe('marzo de 2026');
    expect(formatPostDate('no es una fecha')).toBe('');
  });
});

describe('<LocalTime> taking over a server-rendered date', () => {
  it("keeps the server's Madrid text through the taking-over render, then shows the reader's time, with no hydration error and no Intl in the browser", async () => {
    const iso = '2025-05-03T12:05:00.000Z';
    const container = document.createElement('div');
    container.innerHTML = `<p>Publicado el <time datetime="${iso}">3 de mayo de 2025, 14:05</time></p>`;
    document.body.append(container);
    const texts = textsShown(container);
    // (The constructor last: spying on it replaces Intl.DateTimeFormat, prototype included. Madrid's
    // formatter, built by the first test, would be used through formatToParts.)
    const intl = [vi.spyOn(Intl.DateTimeFormat.prototype, 'formatToParts'), vi.spyOn(Intl, 'DateTimeFormat')];
    const errors: unknown[] = [];
    const page = (
      <HydrationProvider>
        <p>
          Publicado el <LocalTime iso={iso} />
        </p>
      </HydrationProvider>
    );
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, page, { onRecoverableError: (error) => errors.push(error) });
    });
    expect(errors).toEqual([]);
    // One change only, from Madrid's time to the reader's: the stand-in text was never written.
    expect(texts()).toEqual(['3 de mayo de 2025, 14:05', '3 de mayo de 2025, 6:05']);
    for (const spy of intl) expect(spy).not.toHaveBeenCalled();
    intl.forEach((spy) => spy.mockRestore());

    // A date that appears later (another page of the app) shows the reader's time from its first render.
    const later = textsShown(container);
    act(() =>
      root!.render(
        <HydrationProvider>
          <p>
            Publicado el <LocalTime key="another" iso="2026-03-10T10:00:00.000Z" show="monthYear" />
          </p>
        </HydrationProvider>,
      ),
    );
    expect(later()).toEqual(['marzo de 2026']);
    act(() => root!.unmount());
    container.remove();
  });

  it("renders the reader's time at once in a page made in the browser alone (no stand-in first)", () => {
    const iso = '2026-03-10T10:00:00.000Z';
    const container = document.body.appendChild(document.createElement('div'));
    const texts = textsShown(container);
    render(<LocalTime iso={iso} show="monthYear" />, { container });
    expect(texts()).toEqual(['marzo de 2026']);
    expect(within(container).getByText('marzo de 2026').getAttribute('datetime')).toBe(iso);
  });
});
