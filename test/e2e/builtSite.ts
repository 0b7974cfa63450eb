/**
 * The built site in a local cloud of its own and one headless Chromium, for a test file that walks it
 * as several signed-in people: started before the file's tests, and closed after them with every
 * browser context they opened.
 */
import { afterAll, beforeAll } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { cloudLogOnFailure } from '../support/cloudLog';
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

export type BuiltSiteOptions = {
  /**
   * Whether the site starts with its sample posts (the default, as `npm start` has them). A file that
   * reads only what it writes says no: seeding them and indexing them afterwards costs a start ~2 s and
   * ~5 s of CPU beside the file's tests.
   */
  samples?: boolean;
};

export function builtSiteForFile({ samples = true }: BuiltSiteOptions = {}): BuiltSite {
  let cloud: LocalCloudProcess | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    [cloud, browser] = await Promise.all([
      startLocalCloudProcess({ env: { WEB_MODE: 'dist', SEED: samples ? '1' : '0' } }),
      launchChromium(),
    ]);
  });

  const cloudLog = cloudLogOnFailure();

  afterAll(async () => {
    if (cloud) cloudLog.keep(cloud.output());
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
