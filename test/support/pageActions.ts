import type { Locator, Page } from 'playwright-core';

/** Logs in through the login form, as a person would. */
export async function fillLogin(page: Page, username: string, password = 'demo'): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Entra' }).click();
}

/** The sidebar once the session check has answered. */
export const readyNav = (page: Page): Locator => page.locator('nav[aria-label="Menu principale"][data-ready="true"]');

/** Waits until the select named `name` has options beyond its placeholder. */
export function optionsLoaded(page: Page, name: string) {
  return page.waitForFunction((n) => ((document.querySelector(`select[name="${n}"]`) as HTMLSelectElement | null)?.options.length ?? 0) > 1, name);
}

/** The label of a select's chosen option. */
export const shownOption = (select: Locator) => select.evaluate((s: HTMLSelectElement) => s.options[s.selectedIndex]?.text ?? '');

/** Runs `check` until it passes (at most 10 s): for what pages save in the background. */
export async function eventually(check: () => Promise<void>): Promise<void> {
  const until = Date.now() + 10_000;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > until) throw err;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}
