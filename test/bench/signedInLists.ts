/**
 * Figure 5: how long a signed-in reader's own lists take to show their content on a desktop. A
 * moderator with something in each list (a post of someone else's waiting in the queue, a saved post,
 * a post of their own and its publication notice) opens «Avisos», «Moderar», «Guardadas» and «Mis
 * anécdotas» by their addresses, a full load each with the scripts cached (a reader who has used the
 * site before), in interleaved passes. Measured in the page: navigation start → the list's first item
 * in the document with no skeleton left (polled every animation frame), so Playwright's own round
 * trips are not counted.
 */
import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { call, publish } from '../support/api';
import type { LocalCloudProcess } from '../support/localCloud';
import { createModerator, publishApproved } from '../support/moderation';
import { createUser } from '../support/users';
import { launchChromium, newVisitor, signInWithForm } from '../e2e/browser';

export type ListsOptions = { passes: number };
export const FULL: ListsOptions = { passes: 7 };
export const SMOKE: ListsOptions = { passes: 1 };

/** Each list, and what in its page is the first piece of content. */
export const LISTS = [
  { path: '/avisos', content: 'main li.notification' },
  { path: '/moderar', content: 'main article.moderation-card' },
  { path: '/guardadas', content: 'main article.post-card' },
  { path: '/mis-anecdotas', content: 'main article.post-card' },
] as const;

export type ListsResult = Map<string, number[]>;

/** What a page shows in `main` while a list or the page itself is still loading (its skeleton, its spinner). */
export const LOADING_IN_MAIN = 'main .list-skeleton, main .page-spinner';

/** Gives a new moderator one thing in each list; answers the moderator. */
async function seed(cloud: LocalCloudProcess) {
  const [reader, other, writer] = await Promise.all([createModerator(cloud), createModerator(cloud), createUser(cloud)]);
  const tag = randomUUID().slice(0, 6);
  await publishApproved(cloud, reader, other, {
    category: 'trabajo',
    post: `Llegué a la reunión con la camiseta del revés y nadie me lo dijo hasta la tarde ${tag}.`,
  });
  const saved = await publishApproved(cloud, writer, other, {
    category: 'varios',
    post: `Se me cayeron las llaves por la rejilla del metro justo al llegar a casa ${tag}.`,
  });
  const saving = await call(cloud, `/posts/${saved.id}/save`, { method: 'PUT', token: reader.idToken });
  if (saving.status !== 204) throw new Error(`saving answered ${saving.status}`);
  const pending = await publish(cloud, writer.idToken, {
    category: 'amor',
    post: `Mi cita me llamó por el nombre de su ex tres veces antes del postre ${tag}.`,
  });
  if (pending.status !== 201) throw new Error(`the pending post answered ${pending.status}`);
  return reader;
}

export async function measureSignedInLists(cloud: LocalCloudProcess, options: ListsOptions): Promise<ListsResult> {
  const reader = await seed(cloud);
  let browser: Browser | undefined;
  try {
    browser = await launchChromium();
    const { page } = await newVisitor(browser, cloud.webUrl, 1280);
    await signInWithForm(page, reader);
    const times: ListsResult = new Map(LISTS.map(({ path }) => [path, []]));
    // Once each, not timed: the scripts come into the cache, and each list's functions start (a cold start
    // is figure 4's; a reader of a warm site waits for neither).
    for (const pass of [-1, ...Array.from({ length: options.passes }, (_, index) => index)]) {
      for (const { path, content } of LISTS) {
        await page.goto(path, { waitUntil: 'commit' });
        const at = await page.waitForFunction(
          ({ selector, loading }) =>
            document.querySelector(selector) !== null && document.querySelector(loading) === null ? performance.now() : false,
          { selector: content, loading: LOADING_IN_MAIN },
          { polling: 'raf', timeout: 30_000 },
        );
        const ms = (await at.jsonValue()) as number;
        if (pass >= 0) times.get(path)?.push(ms);
        console.log(`  ${path}${pass < 0 ? ' (warming)' : ''}: ${ms.toFixed(0)} ms`);
      }
    }
    return times;
  } finally {
    await browser?.close();
  }
}
