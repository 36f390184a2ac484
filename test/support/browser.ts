/**
 * One Chromium per test file (Debian's, via CHROMIUM_PATH — never a downloaded build) and a
 * fresh context per test, so local storage and cookies never leak between tests.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from './chromium.js';

/** Tablet size the plant uses; the layout's default. */
export const TABLET_VIEWPORT = { width: 1280, height: 800 };

/** Launches the provisioned Chromium; npm test sets CHROMIUM_PATH. */
export async function launchBrowser(): Promise<Browser> {
  const executablePath = process.env.CHROMIUM_PATH;
  if (!executablePath) throw new Error('CHROMIUM_PATH is not set: run the tests with npm test');
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true });
}

/**
 * A new isolated context and page, Italian locale, pointed at the app under test. The app's
 * service worker (docs/offline.md) is blocked unless `serviceWorkers` is 'allow' (the offline
 * suite): elsewhere it would only add its download of the whole app to every test.
 */
export async function newPage(
  browser: Browser,
  baseURL: string,
  viewport = TABLET_VIEWPORT,
  serviceWorkers: 'allow' | 'block' = 'block',
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport, locale: 'it-IT', timezoneId: 'Europe/Rome', serviceWorkers });
  context.setDefaultTimeout(10_000);
  trackRequests(context);
  const page = await context.newPage();
  return { context, page };
}

/** Requests in flight per page, the live channel's stream left out (it never ends: docs/live.md). */
const inFlight = new WeakMap<Page, Set<unknown>>();

function trackRequests(context: BrowserContext): void {
  context.on('page', (page) => {
    const open = new Set<unknown>();
    inFlight.set(page, open);
    page.on('request', (r) => {
      if (new URL(r.url()).pathname !== '/live') open.add(r);
    });
    page.on('requestfinished', (r) => open.delete(r));
    page.on('requestfailed', (r) => open.delete(r));
  });
}

/**
 * Waits until the page has had no request in flight for `quietMs`: Playwright's 'networkidle',
 * except that the live channel's endless stream does not count. For pages opened by newPage.
 */
export async function networkQuiet(page: Page, quietMs = 500, timeoutMs = 30_000): Promise<void> {
  const open = inFlight.get(page);
  if (!open) throw new Error('networkQuiet: the page was not opened by newPage');
  const deadline = Date.now() + timeoutMs;
  let quietSince = open.size === 0 ? Date.now() : null;
  while (quietSince === null || Date.now() - quietSince < quietMs) {
    if (Date.now() > deadline) throw new Error(`networkQuiet: still ${open.size} request(s) in flight after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
    if (open.size > 0) quietSince = null;
    else quietSince ??= Date.now();
  }
}

/** A new page as newPage opens it, with a longer default timeout: a busy machine is slow to render a first page. */
export async function newTestPage(
  browser: Browser,
  baseURL: string,
  viewport = TABLET_VIEWPORT,
  timeout = 20_000,
  serviceWorkers: 'allow' | 'block' = 'block',
): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await newPage(browser, baseURL, viewport, serviceWorkers);
  opened.context.setDefaultTimeout(timeout);
  return opened;
}

/** Closes a suite's browser and then its app; either may never have started. */
export async function closeSuite(browser: Browser | undefined, app: { close(): Promise<void> } | undefined): Promise<void> {
  await browser?.close();
  await app?.close();
}

/**
 * Whether the suites save pictures for a human: yes on a developer's machine, no under CI=true,
 * where nobody looks at them (SCREENSHOTS=1 or SCREENSHOTS=0 decides either way).
 */
export const TAKE_SCREENSHOTS = process.env.SCREENSHOTS ? process.env.SCREENSHOTS !== '0' : process.env.CI !== 'true';

/**
 * Saves a full-page screenshot under screenshots/ (git-ignored) for a human to look at, after
 * `settleMs` (e.g. the gauges' 3.5 s animation) so the picture shows the page at rest; the whole
 * page, or what the screen shows with `viewportOnly`.
 */
export async function screenshot(page: Page, name: string, options: { settleMs?: number; viewportOnly?: boolean } = {}): Promise<void> {
  if (!TAKE_SCREENSHOTS) return;
  if (options.settleMs) await page.waitForTimeout(options.settleMs);
  const dir = path.resolve('screenshots');
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: !options.viewportOnly });
}

/** The phone the plant's people carry; the other size every page is checked at. */
export const PHONE_VIEWPORT = { width: 390, height: 844 };

/** One axe-core finding, trimmed to what a failing test should print. */
export interface AxeFinding {
  id: string;
  impact: string | null | undefined;
  help: string;
  targets: string[];
}

let axeSource: string | undefined;

/**
 * Runs axe-core (the devDependency, evaluated in the page) on the whole page and answers the
 * serious and critical violations: an empty list is a page with none.
 */
export async function axeSeriousViolations(page: Page): Promise<AxeFinding[]> {
  // Evaluated rather than added as a <script>: the app's Content-Security-Policy (script-src 'self')
  // rightly refuses inline scripts, and the check must not loosen it.
  axeSource ??= fs.readFileSync(path.resolve('node_modules/axe-core/axe.min.js'), 'utf8');
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run(ctx: unknown, opts: unknown): Promise<{ violations: Array<{ id: string; impact?: string | null; help: string; nodes: Array<{ target: unknown[] }> }> }> };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.map(String).join(' ')) }));
  });
}

/** A control drawn smaller than the target size, with what it says. */
export interface SmallTarget {
  text: string;
  width: number;
  height: number;
}

/**
 * The visible controls smaller than `min`×`min` CSS px (WCAG 2.5.5's 44 px for gloved fingers):
 * buttons, links, inputs, selects, text areas. A checkbox or radio counts by its label when it
 * sits in one (the label is what is tapped); links inside running text are exempt, as WCAG does.
 */
export async function smallTargets(page: Page, min = 44): Promise<SmallTarget[]> {
  return page.evaluate((size) => {
    const found: Array<{ text: string; width: number; height: number }> = [];
    const controls = document.querySelectorAll<HTMLElement>('button, a[href], input:not([type="hidden"]), select, textarea, [role="button"], [tabindex="0"]');
    for (const el of controls) {
      let target: HTMLElement = el;
      if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')) target = el.closest('label') ?? el;
      if (el.tagName === 'A' && el.closest('p, li.chat-row, .chat-text')) continue;
      const style = getComputedStyle(target);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      const box = target.getBoundingClientRect();
      // Drawn 1 px or less: visually hidden (a skip link until focused); off-screen: a closed drawer.
      if (box.width <= 1 || box.height <= 1) continue;
      if (box.right <= 0 || box.left >= window.innerWidth) continue;
      if (box.width + 0.5 < size || box.height + 0.5 < size) {
        const name = el.getAttribute('aria-label') || el.textContent?.trim() || (el as HTMLInputElement).placeholder || el.tagName;
        found.push({ text: name.slice(0, 60), width: Math.round(box.width), height: Math.round(box.height) });
      }
    }
    return found;
  }, min);
}
