/**
 * The assistants on the line's tablet (1280x800) and on a phone (390x844): nothing wider than the
 * screen, chips wrapping inside the chat, the text box on screen — also once the on-screen
 * keyboard takes half of a phone's height. Screenshots go to screenshots/ for a human to look at.
 */
import type { Page } from 'playwright-core';
import { botSays, chip, openAssistant } from '../support/assistantActions.js';
import { screenshot } from '../support/browser.js';
import { browserSuite } from '../support/browserSuite.js';
import { describeWith } from '../support/services.js';

const VIEWPORTS = [
  ['tablet', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const;

/** Fails when the page scrolls sideways, a chip leaves the chat, or the text box is off screen. */
async function expectFits(page: Page, box: string): Promise<void> {
  const report = await page.evaluate((name) => {
    const panel = document.querySelector('.chat-panel')!.getBoundingClientRect();
    const input = document.querySelector(`textarea[aria-label="${name}"]`)!.getBoundingClientRect();
    const chips = [...document.querySelectorAll('.chat-options .chat-chip')].map((c) => c.getBoundingClientRect());
    return {
      overflow: document.documentElement.scrollWidth - window.innerWidth,
      chipsOutside: chips.filter((c) => c.left < panel.left || c.right > panel.right).length,
      rows: new Set(chips.map((c) => Math.round(c.top))).size,
      input: { top: input.top, bottom: input.bottom, left: input.left, right: input.right },
      viewport: { width: window.innerWidth, height: window.innerHeight },
    };
  }, box);
  expect(report.overflow).toBeLessThanOrEqual(0);
  expect(report.chipsOutside).toBe(0);
  expect(report.input.top).toBeGreaterThanOrEqual(0);
  expect(report.input.bottom).toBeLessThanOrEqual(report.viewport.height);
  expect(report.input.right).toBeLessThanOrEqual(report.viewport.width);
}

describeWith(['postgres', 'chromium'])('assistant layouts', () => {
  const suite = browserSuite();
  let page: Page;

  describe.each(VIEWPORTS)('on a %s', (name, viewport) => {
    beforeEach(async () => {
      ({ page } = await suite.newPage(viewport));
    });

    it('/assistenteCIL: chips wrap, the card and the box fit', async () => {
      await openAssistant(page, 'demoit', '/assistenteCIL');
      await chip(page, 'Valvole di riempimento').click();
      await botSays(page, 'Con quale frequenza?');
      await chip(page, 'Tutte').click();
      await botSays(page, 'Quale attività vuoi vedere?');
      await expectFits(page, 'Risposta');
      await screenshot(page, `assistant-cil-${name}-activities`);
      await chip(page, 'Lubrificazione steli valvole').click();
      await botSays(page, "Vuoi controllare un'altra attività?");
      await expectFits(page, 'Risposta');
      await screenshot(page, `assistant-cil-${name}-card`);
    });

    it('/assistantCL: the setting card with its picture fits', async () => {
      await openAssistant(page, 'demoen', '/assistantCL');
      await chip(page, 'Filling valves').click();
      await botSays(page, 'Which type of setting?');
      await chip(page, 'All').click();
      await botSays(page, 'Which setting do you want to check?');
      await expectFits(page, 'Answer');
      await chip(page, 'Nozzle height (Mechanical)').click();
      await botSays(page, 'Do you want to check another setting?');
      await page.waitForFunction(() => (document.querySelector('.chat-card-image') as HTMLImageElement | null)?.complete === true);
      await expectFits(page, 'Answer');
      const image = await page.locator('.chat-card-image').boundingBox();
      expect((image?.x ?? 0) + (image?.width ?? 0)).toBeLessThanOrEqual(viewport.width);
      await screenshot(page, `assistant-cl-${name}-card`);
    });

    it('/assistenteLoss: the script, its chips and the box fit', async () => {
      await openAssistant(page, 'demoit', '/assistenteLoss');
      await chip(page, 'Iniziamo').click();
      await botSays(page, 'Partiamo dalla pulizia');
      await chip(page, 'Sì, sono puliti').click();
      await botSays(page, 'Ora i settaggi standard');
      await expectFits(page, 'Risposta');
      await screenshot(page, `assistant-loss-${name}`);
    });
  });

  it('keeps the box above a phone keyboard that takes half the screen', async () => {
    ({ page } = await suite.newPage({ width: 390, height: 844 }, 10_000));
    await openAssistant(page, 'demoit', '/assistenteCIL');
    await page.getByRole('textbox', { name: 'Risposta' }).focus();
    await page.setViewportSize({ width: 390, height: 420 });
    await page.waitForFunction(() => document.querySelector<HTMLElement>('.assistant-chat')?.style.getPropertyValue('--chat-visible-height') === '420px');
    await expectFits(page, 'Risposta');
    const chips = await page.locator('.chat-options').boundingBox();
    expect(chips?.height ?? 0).toBeGreaterThan(0);
    await screenshot(page, 'assistant-cil-phone-keyboard');
  });
});
