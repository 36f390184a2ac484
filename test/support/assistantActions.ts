/** Browser helpers of the assistant suites (test/e2e/assistant*.test.ts). */
import type { Locator, Page } from 'playwright-core';
import { openAs } from './pageActions.js';

/** Logs in and opens an assistant path, waiting for the sidebar. */
export const openAssistant = openAs;

/** The open step's chip reading `name`. */
export const chip = (page: Page, name: string): Locator => page.locator('.chat-options').getByRole('button', { name, exact: true });

/** The labels of the open step's chips, once they show. */
export async function chipLabels(page: Page): Promise<string[]> {
  await page.locator('.chat-options .chat-chip').first().waitFor();
  return page.locator('.chat-options .chat-chip').allTextContents();
}

/** Waits for a bot message (typed out, no dots left) containing `text`. */
export async function botSays(page: Page, text: string): Promise<Locator> {
  const bubble = page.locator('.chat-row-bot', { hasText: text }).last();
  await bubble.waitFor();
  await page.locator('.chat-typing').waitFor({ state: 'detached' });
  return bubble;
}

/** Every bubble as 'bot:…' / 'user:…' (first paragraph only). */
export const transcript = (page: Page): Promise<string[]> =>
  page
    .locator('.chat-messages > li:not(:has(.chat-typing))')
    .evaluateAll((rows) => rows.map((r) => `${r.classList.contains('chat-row-user') ? 'user' : 'bot'}:${r.querySelector('.chat-text')?.textContent ?? ''}`));

/** The card of the last bot bubble as [label, value] pairs. */
export const lastCard = (page: Page): Promise<string[][]> =>
  page
    .locator('.chat-row-bot')
    .last()
    .locator('.chat-summary-row')
    .evaluateAll((rows) => rows.map((r) => [r.querySelector('dt')?.textContent ?? '', r.querySelector('dd')?.textContent ?? '']));

/** Types into the chat box and presses Enter. */
export async function typeAnswer(page: Page, name: 'Risposta' | 'Answer', text: string): Promise<void> {
  const box = page.getByRole('textbox', { name });
  await box.fill(text);
  await box.press('Enter');
}
