/**
 * The app and Chromium one browser test file shares: started before its tests, closed after them,
 * and the pages its tests open, closed after each test.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startTestApp, type TestApp } from './app.js';
import { closeSuite, launchBrowser, newTestPage, TABLET_VIEWPORT } from './browser.js';

/** A suite's app and browser (there once its first beforeAll has run) and the way its tests open pages. */
export interface BrowserSuite {
  readonly app: TestApp;
  readonly browser: Browser;
  /** A fresh context and page on the app (see newTestPage), closed after the test that opened it. */
  newPage(viewport?: { width: number; height: number }, timeout?: number): Promise<{ context: BrowserContext; page: Page }>;
}

type AppOptions = Parameters<typeof startTestApp>[0];

/**
 * Registers the hooks of a browser suite; `timeout` bounds the start (an app seeding its demo
 * history is slow). `serviceWorkers: 'allow'` lets the app's service worker run (blocked otherwise).
 * `app` may be a function, read when the suite starts: for options known only once an earlier
 * beforeAll has run (a broker's address).
 */
export function browserSuite(options: { app?: AppOptions | (() => AppOptions); timeout?: number; serviceWorkers?: 'allow' | 'block' } = {}): BrowserSuite {
  let app: TestApp | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    app = await startTestApp(typeof options.app === 'function' ? options.app() : options.app);
    browser = await launchBrowser();
  }, options.timeout);
  afterEach(async () => {
    for (const context of contexts.splice(0)) await context.close();
  });
  afterAll(() => closeSuite(browser, app));
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the browser suite has not started');
    return value;
  };
  return {
    get app() {
      return started(app);
    },
    get browser() {
      return started(browser);
    },
    async newPage(viewport = TABLET_VIEWPORT, timeout = 20_000) {
      const opened = await newTestPage(started(browser), started(app).url, viewport, timeout, options.serviceWorkers);
      contexts.push(opened.context);
      return opened;
    },
  };
}
