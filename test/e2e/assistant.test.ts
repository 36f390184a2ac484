/**
 * The assistants in a real browser (line log §2.7, §4.5–§4.8; foundations §2, §6): the sidebar
 * section per role, the landing page, a full CIL round in Italian ending at the line log, a
 * centerline check in English with 'All', a loss investigation to 'New investigation' — all
 * without a single call to the server — and the assistants' code loading only on their routes.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { botSays, chip, chipLabels, lastCard, openAssistant, transcript, typeAnswer } from '../support/assistantActions.js';
import { browserSuite } from '../support/browserSuite.js';
import { fillLogin, readyNav } from '../support/pageActions.js';
import { describeWith } from '../support/services.js';

const IT_LINKS = ['Assistente CIL', 'Assistente Centerline', 'Assistente Loss'];
const EN_LINKS = ['CIL Assistant', 'Centerline Assistant', 'Loss Assistant'];
const ROLES: Array<[string, { ASSISTENTE?: string[]; ASSISTANT?: string[] }]> = [
  ['demoit', { ASSISTENTE: IT_LINKS }],
  ['demoen', { ASSISTANT: EN_LINKS }],
  ['admin', { ASSISTENTE: IT_LINKS, ASSISTANT: EN_LINKS }],
  ['frontline', {}],
  ['support', {}],
];

/** Calls to the API made while `run` goes on (the app shell's session check /me and live channel /live aside: docs/live.md opens it once the page has loaded). */
async function apiCallsDuring(page: Page, run: () => Promise<void>): Promise<string[]> {
  const calls: string[] = [];
  const seen = (r: { resourceType(): string; url(): string }) => {
    const path = new URL(r.url()).pathname;
    if ((r.resourceType() === 'fetch' || r.resourceType() === 'xhr') && path !== '/me' && path !== '/live') calls.push(path);
  };
  page.on('request', seen);
  try {
    await run();
  } finally {
    page.off('request', seen);
  }
  return calls;
}

describeWith(['postgres', 'chromium'])('assistants', () => {
  const suite = browserSuite();
  let page: Page;

  beforeEach(async () => {
    ({ page } = await suite.newPage());
  });

  it.each(ROLES)('the sidebar shows %s the assistant sections of the role table', async (role, expected) => {
    await fillLogin(page, role);
    await page.waitForURL((u) => u.pathname !== '/login');
    await page.goto('/');
    await readyNav(page).waitFor();
    for (const title of ['ASSISTENTE', 'ASSISTANT'] as const) {
      const section = page.locator('nav .nav-section', { has: page.getByRole('heading', { name: title, exact: true }) });
      const links = expected[title];
      if (!links) {
        await expect(section.count()).resolves.toBe(0);
        continue;
      }
      await expect(section.locator('.nav-list a').allTextContents()).resolves.toEqual(links);
      await expect(section.getByRole('link', { name: title, exact: true }).getAttribute('href')).resolves.toBe(title === 'ASSISTENTE' ? '/assistente' : '/assistant');
    }
  });

  it("loads the assistants' code only when an assistant is opened", async () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(suite.app.deps.webDist ?? '', '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string; imports?: string[] }>;
    const chunkOf = (key: string) => `/${manifest[key]?.file ?? key}`;
    const cilPage = 'src/pages/assistenteCIL/AssistenteCILPage.tsx';
    const assistantChunks = [chunkOf(cilPage), ...(manifest[cilPage]?.imports ?? []).filter((k) => /Assistant|cil/.test(k)).map(chunkOf)];
    expect(assistantChunks.length).toBeGreaterThanOrEqual(3);
    const scripts = new Set<string>();
    page.on('request', (r) => {
      const { pathname } = new URL(r.url());
      if (pathname.endsWith('.js')) scripts.add(pathname);
    });
    await fillLogin(page, 'demoit');
    await page.waitForURL((u) => u.pathname !== '/login');
    await page.goto('/report-operatore');
    await readyNav(page).waitFor();
    expect(assistantChunks.filter((c) => scripts.has(c))).toEqual([]);
    await page.getByRole('navigation', { name: 'Menu principale' }).getByRole('link', { name: 'Assistente CIL', exact: true }).click();
    await botSays(page, 'Quale punto di lavoro vuoi controllare?');
    expect(assistantChunks.filter((c) => !scripts.has(c))).toEqual([]);
  });

  it('titles the sidebar ASSISTENTE AI / AI ASSISTANT and offers the three assistants on the landing page', async () => {
    await openAssistant(page, 'admin', '/assistente');
    await expect(page.getByTestId('sidebar-title').textContent()).resolves.toBe('ASSISTENTE AI');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Assistente AI');
    await expect(page.getByRole('heading', { level: 2 }).allTextContents()).resolves.toEqual(expect.arrayContaining(IT_LINKS));
    await page.getByRole('link', { name: 'Apri: Assistente Centerline' }).click();
    await page.waitForURL((u) => u.pathname === '/assistenteCL');
    await page.getByRole('heading', { level: 1, name: 'Assistente Centerline', exact: true }).waitFor();

    await page.goto('/assistant');
    await expect(page.getByTestId('sidebar-title').textContent()).resolves.toBe('AI ASSISTANT');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('AI Assistant');
    await page.getByRole('link', { name: 'Open: Loss Assistant' }).click();
    await page.waitForURL((u) => u.pathname === '/assistantLoss');
    await expect(page.getByTestId('sidebar-title').textContent()).resolves.toBe('AI ASSISTANT');
  });

  it('runs a full CIL round in Italian and ends at the line log, without server calls', async () => {
    await openAssistant(page, 'demoit', '/assistenteCIL');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Assistente CIL');
    const calls = await apiCallsDuring(page, async () => {
      // Prefilled at Line 1 and the Filler, open at the work point; Back works from here.
      expect((await transcript(page)).slice(1)).toEqual([
        'bot:Su quale linea ti trovi?',
        'user:Linea 1',
        'bot:Quale macchina della Linea 1?',
        'user:Riempitrice',
        'bot:Macchina: Riempitrice. Quale punto di lavoro vuoi controllare?',
      ]);
      expect(await chipLabels(page)).toEqual(['Valvole di riempimento', 'Serbatoio prodotto', 'Nastro di ingresso']);
      const back = page.getByRole('button', { name: 'Indietro' });
      await expect(back.isEnabled()).resolves.toBe(true);

      // 600 ms of typing dots, Back disabled meanwhile.
      await chip(page, 'Nastro di ingresso').click();
      await page.getByRole('status', { name: 'Il bot sta scrivendo' }).waitFor();
      await expect(back.isDisabled()).resolves.toBe(true);
      await botSays(page, 'Con quale frequenza?');
      expect(await chipLabels(page)).toEqual(['Giorno', 'Turno', 'Settimana', 'Tutte']);

      // No weekly activity on the infeed conveyor: it stays at the frequency.
      await chip(page, 'Settimana').click();
      await botSays(page, 'Nessuna attività CIL trovata per questa frequenza.');
      expect(await chipLabels(page)).toEqual(['Giorno', 'Turno', 'Settimana', 'Tutte']);
      await chip(page, 'Giorno').click();
      await botSays(page, 'Quale attività vuoi vedere?');

      // An unknown activity is retried; a typed one is matched ignoring case.
      await typeAnswer(page, 'Risposta', 'lavaggio pavimento');
      await botSays(page, 'Attività non trovata. Riprova.');
      await typeAnswer(page, 'Risposta', 'PULIZIA NASTRO');
      await botSays(page, "Vuoi controllare un'altra attività?");
      expect(await lastCard(page)).toEqual([
        ['Descrizione', 'Togliere frammenti di vetro e residui dal nastro e dalle guide laterali.'],
        ['Componente', 'Nastro trasportatore'],
        ['DPI', 'Guanti in nitrile, Occhiali di protezione'],
        ['Attrezzi', 'Scopino, Aspiratore'],
        ['Frequenza', 'Giorno'],
        ['Stato macchina', 'Macchina ferma'],
      ]);
      await expect(page.locator('.chat-card-title').last().textContent()).resolves.toBe('Pulizia nastro');

      // Back removes the card and the answer; the activity is asked again.
      const before = (await transcript(page)).length;
      await back.click();
      expect(await transcript(page)).toHaveLength(before - 2);
      await chip(page, 'Pulizia nastro').click();
      await botSays(page, "Vuoi controllare un'altra attività?");

      // Yes: another work point of the same machine, every activity, then No.
      await chip(page, 'Sì').click();
      await botSays(page, 'Macchina: Riempitrice. Quale punto di lavoro vuoi controllare?');
      await chip(page, 'Valvole di riempimento').click();
      await botSays(page, 'Con quale frequenza?');
      await chip(page, 'Tutte').click();
      await botSays(page, 'Quale attività vuoi vedere?');
      expect(await chipLabels(page)).toEqual(['Pulizia ugelli', 'Ispezione guarnizioni valvole', 'Controllo perdite', 'Lubrificazione steli valvole']);
      await chip(page, 'Lubrificazione steli valvole').click();
      await botSays(page, "Vuoi controllare un'altra attività?");
      expect(await lastCard(page)).toContainEqual(['Stato macchina', 'Macchina spenta']);
    });
    expect(calls).toEqual([]);
    await chip(page, 'No').click();
    await page.waitForURL((u) => u.pathname === '/report-operatore');
  });

  it('checks a centerline setting in English with All, and its picture loads', async () => {
    await openAssistant(page, 'demoen', '/assistantCL');
    const calls = await apiCallsDuring(page, async () => {
      await expect(page.getByRole('button', { name: 'Back' }).isEnabled()).resolves.toBe(true);
      await chip(page, 'Filling valves').click();
      await botSays(page, 'Which type of setting?');
      expect(await chipLabels(page)).toEqual(['Mechanical', 'Electronic', 'All']);
      await chip(page, 'All').click();
      await botSays(page, 'Which setting do you want to check?');
      expect(await chipLabels(page)).toEqual(['Nozzle height (Mechanical)', 'Valve opening time (Electronic)']);
      await typeAnswer(page, 'Answer', 'Spindle speed');
      await botSays(page, 'Setting not found. Try again.');
      await chip(page, 'Valve opening time (Electronic)').click();
      await botSays(page, 'Do you want to check another setting?');
      expect(await lastCard(page)).toEqual([
        ['Description', 'Valve opening time set on the panel for the 1-litre format.'],
        ['Measure', '420 ms'],
        ['Standard', 'in standard, current value 450 ms'],
        ['Type', 'Electronic'],
      ]);
      const image = page.getByRole('img', { name: 'Picture of the setting: Valve opening time' });
      await expect(image.getAttribute('src')).resolves.toBe('/assistant/cl-valve-timing.svg');
      await page.waitForFunction(() => (document.querySelector('.chat-card-image') as HTMLImageElement | null)?.naturalWidth === 320);

      await chip(page, 'Yes').click();
      await botSays(page, 'Machine: Filler. Which work point do you want to check?');
      await chip(page, 'Infeed conveyor').click();
      await botSays(page, 'Which type of setting?');
      await chip(page, 'Electronic').click();
      await botSays(page, 'No setting found for this type.');
    });
    expect(calls).toEqual([]);
    await page.getByRole('link', { name: 'Back to the line log' }).click();
    await page.waitForURL((u) => u.pathname === '/report-operatore');
  });

  it('runs a loss investigation in English to New investigation', async () => {
    await openAssistant(page, 'demoen', '/assistantLoss');
    const back = page.getByRole('button', { name: 'Back' });
    const calls = await apiCallsDuring(page, async () => {
      await botSays(page, "stop code 'Misaligned cap'");
      await expect(back.isDisabled()).resolves.toBe(true);
      await chip(page, "Let's start").click();
      await botSays(page, 'First the cleaning');
      await chip(page, 'Yes, they are clean').click();
      await botSays(page, 'Now the standard settings');
      await typeAnswer(page, 'Answer', 'the torque was at 2.4 Nm');
      await botSays(page, 'the cap inspection camera');
      await back.click();
      await botSays(page, 'Now the standard settings');
      await chip(page, 'Yes, in standard').click();
      await botSays(page, 'the cap inspection camera');
      await chip(page, 'No, it needs checking').click();
      await botSays(page, 'Finally the maintenance');
      await typeAnswer(page, 'Answer', 'not sure');
      await botSays(page, 'To sum up');
      await chip(page, 'Yes, solved').click();
      await botSays(page, 'Thank you, the investigation is complete.');
      expect((await transcript(page)).filter((l) => l.startsWith('bot:'))).toHaveLength(7);
      expect(await chipLabels(page)).toEqual(['New investigation', 'Back to the line log']);
      await chip(page, 'New investigation').click();
      await page.waitForFunction(() => document.querySelectorAll('.chat-messages > li').length === 1);
    });
    expect(calls).toEqual([]);
    expect(await transcript(page)).toEqual([
      "bot:Hi! Let's investigate the Capper stop on Line 1 with stop code 'Misaligned cap' together. I'll ask you a few questions, one at a time. Shall we start?",
    ]);
    await expect(back.isDisabled()).resolves.toBe(true);
  });

  it('ends the Italian loss investigation at the line log, and limits the box to 250 characters', async () => {
    await openAssistant(page, 'demoit', '/assistenteLoss');
    const box = page.getByRole('textbox', { name: 'Risposta' });
    // Characters as the user sees them: 250 emoji fit, the 251st is clipped.
    await box.fill('😀'.repeat(251));
    await expect(page.locator('.chat-counter').textContent()).resolves.toBe('250/250');
    await box.fill('x'.repeat(300));
    await expect(page.locator('.chat-counter').textContent()).resolves.toBe('250/250');
    await box.press('Enter');
    for (let i = 0; i < 5; i += 1) {
      await page.locator('.chat-options .chat-chip').first().waitFor();
      await page.locator('.chat-options .chat-chip').first().click();
    }
    await botSays(page, "Grazie, l'investigazione è conclusa.");
    expect(await chipLabels(page)).toEqual(['Altra investigazione', 'Torna al Registro di Linea']);
    await chip(page, 'Torna al Registro di Linea').click();
    await page.waitForURL((u) => u.pathname === '/report-operatore');
  });
});
