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

/** A new isolated context and page, Italian locale, pointed at the app under test. */
export async function newPage(
  browser: Browser,
  baseURL: string,
  viewport = TABLET_VIEWPORT,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport, locale: 'it-IT', timezoneId: 'Europe/Rome' });
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  return { context, page };
}

/** Saves a full-page screenshot under screenshots/ (git-ignored) for a human to look at. */
export async function screenshot(page: Page, name: string): Promise<string> {
  const dir = path.resolve('screenshots');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
