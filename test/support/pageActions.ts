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

/** Logs in through the form and waits for the page the role lands on (`landing`) and its sidebar. */
export async function loginTo(page: Page, username: string, landing = '/'): Promise<void> {
  await fillLogin(page, username);
  await page.waitForURL((u) => u.pathname === landing);
  await readyNav(page).waitFor({ state: 'attached' });
}

/** Goes to `path` and waits for the sidebar. */
export async function goReady(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await readyNav(page).waitFor({ state: 'attached' });
}

/** Logs in (landing on the home page), then opens `path` and waits for the sidebar. */
export async function loginAndOpen(page: Page, username: string, path: string): Promise<void> {
  await loginTo(page, username);
  await goReady(page, path);
}

/** Logs in wherever the role lands (home or setup), then opens `path` and waits for the sidebar. */
export async function openAs(page: Page, username: string, path: string): Promise<void> {
  await fillLogin(page, username);
  await page.waitForURL((u) => u.pathname !== '/login');
  await goReady(page, path);
}

/** Fills the station keys of local storage (Confezionamento, Linea 1) as the setup page does. */
export function storeStation(page: Page): Promise<void> {
  return page.evaluate(() => {
    localStorage.setItem('shop_floor_id', '1');
    localStorage.setItem('shop_floor_name', 'Confezionamento');
    localStorage.setItem('line_id', '1');
    localStorage.setItem('line_name', 'Linea 1');
  });
}

/** Waits until the select named `name` has options beyond its placeholder. */
export function optionsLoaded(page: Page, name: string) {
  return page.waitForFunction((n) => ((document.querySelector(`select[name="${n}"]`) as HTMLSelectElement | null)?.options.length ?? 0) > 1, name);
}

/** The label of a select's chosen option. */
export const shownOption = (select: Locator) => select.evaluate((s: HTMLSelectElement) => s.options[s.selectedIndex]?.text ?? '');

/** Runs `check` until it passes (at most `ms`, 10 s by default): for what pages save in the background. */
export async function eventually(check: () => Promise<void>, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > until) throw err;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

/** Reloads a page that asks before being left: accepts the browser's question and answers which dialogs were shown. */
export async function reloadAccepting(page: Page): Promise<string[]> {
  const dialogs: string[] = [];
  const accept = (d: { type(): string; accept(): Promise<void> }) => {
    dialogs.push(d.type());
    void d.accept();
  };
  page.on('dialog', accept);
  await page.reload();
  page.off('dialog', accept);
  return dialogs;
}

/** Saves the demo station (Confezionamento, Linea 1) as the default of the operator (with machine 1) and of the support user. */
export async function saveDemoStations(app: { url: string; login(role: string): Promise<string> }): Promise<void> {
  for (const [role, equipmentId] of [
    ['frontline', 1],
    ['support', null],
  ] as const) {
    const res = await fetch(`${app.url}/factory/default_station`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${await app.login(role)}`, 'content-type': 'application/json' },
      body: JSON.stringify({ shopFloorId: 1, lineId: 1, equipmentId }),
    });
    if (res.status !== 200) throw new Error(`default station of ${role}: ${res.status}`);
  }
}

/**
 * Waits until the page's live channel is open and has fetched again what moved before it opened
 * (docs/live.md: the root's `data-live="synced"`): from then on the page's calls are the test's
 * own, and a token swapped later is not met first by that catch-up read.
 */
export async function liveSynced(page: Page): Promise<void> {
  await page.locator('html[data-live="synced"]').waitFor({ state: 'attached', timeout: 20_000 });
}
