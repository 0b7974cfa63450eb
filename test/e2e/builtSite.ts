/**
 * The built site in a local cloud of its own and one headless Chromium, for a test file that walks it
 * as several signed-in people: started before the file's tests, and closed after them with every
 * browser context they opened.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { startLocalCloudProcess, type LocalCloudProcess } from '../support/localCloud';
import { launchChromium, newVisitor, signInWithForm } from './browser';

export type BuiltSite = {
  /** The local cloud, once the file's `beforeAll` has started it. */
  readonly cloud: LocalCloudProcess;
  /** A new signed-out visitor (a context of its own) at `width` px, in a time zone other than the machine's if given. */
  visitor(width?: number, timezoneId?: string): Promise<{ context: BrowserContext; page: Page }>;
  /** A new visitor (a context of its own) at `width` px, signed in with the site's form. */
  signedIn(user: { email: string; password: string }, width?: number): Promise<Page>;
  /** A browser context with options of its own (closed with the others after the file). */
  newContext(options: BrowserContextOptions): Promise<BrowserContext>;
};

export function builtSiteForFile(): BuiltSite {
  let cloud: LocalCloudProcess | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    [cloud, browser] = await Promise.all([startLocalCloudProcess({ env: { WEB_MODE: 'dist' } }), launchChromium()]);
  });

  let failedFile: string | undefined;
  afterEach((context) => {
    if (context.task.result?.state === 'fail') failedFile = context.task.file.filepath;
  });

  afterAll(async () => {
    // A failure's story is in the local cloud's log (stream functions, the socket server): kept beside
    // the test reports, and its errors and warnings printed, for a CI run that shows only its output.
    if (failedFile && cloud) keepCloudLog(cloud.output(), failedFile);
    await Promise.allSettled(contexts.map((context) => context.close()));
    await browser?.close();
    await cloud?.stop();
  });

  const started = () => {
    if (!cloud || !browser) throw new Error('The built site is not started yet (builtSiteForFile starts it in beforeAll)');
    return { cloud, browser };
  };
  return {
    get cloud() {
      return started().cloud;
    },
    async visitor(width = 1280, timezoneId) {
      const { cloud: running, browser: chromium } = started();
      const visitor = await newVisitor(chromium, running.webUrl, width, timezoneId);
      contexts.push(visitor.context);
      return visitor;
    },
    async signedIn(user, width = 1280) {
      const { page } = await this.visitor(width);
      return signInWithForm(page, user);
    },
    async newContext(options) {
      const context = await started().browser.newContext(options);
      contexts.push(context);
      return context;
    },
  };
}

/** Writes a failing file's local cloud log to test-results/ and prints its last errors and warnings. */
function keepCloudLog(output: string, testFile: string): void {
  const path = join('test-results', `${basename(testFile, '.e2e.test.ts')}.cloud.log`);
  mkdirSync('test-results', { recursive: true });
  writeFileSync(path, output);
  const noteworthy = output.split('\n').filter((line) => /"level":"(error|warn)"|Error|error:/i.test(line));
  console.error(`The local cloud's log is in ${path}; its last errors and warnings:\n${noteworthy.slice(-40).join('\n')}`);
}
