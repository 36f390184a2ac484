/**
 * Live updates (issue 24): what one tablet records shows on the other open pages within 5 s,
 * without a reload. The operator's line log and the support's line log of the same shift, and the
 * operator's daily activities, each open in its own browser; the writes come through the API as
 * another tablet sends them. A text being typed on the page is kept through the refresh.
 */
import type { Page } from 'playwright-core';
import { addDays, todayInRome } from '../../web/src/lib/dates.js';
import { callApi, recordUnplannedStop } from '../support/apiClient.js';
import { PHONE_VIEWPORT, TABLET_VIEWPORT } from '../support/browser.js';
import { browserSuite } from '../support/browserSuite.js';
import { describeWith } from '../support/services.js';
import { openAs } from '../support/pageActions.js';

describeWith(['postgres', 'chromium'])('live updates between open pages', () => {
  const suite = browserSuite();
  const tokens: Record<string, string> = {};
  const yesterday = addDays(todayInRome(), -1);
  const api = <T>(as: string, method: string, path: string, body?: unknown) => callApi<T>(suite.app.url, tokens[as], method, path, body);

  const unplannedStop = (start: string, end: string, failure: string) =>
    recordUnplannedStop(suite.app.url, tokens.frontline, { equipment: 1, day: yesterday, start, end, failure });

  /** Resolves once the page shows the text, and says how long after `since` that was. */
  const shownWithin = async (page: Page, text: string, since: number) => {
    await page.getByText(text).first().waitFor({ timeout: 5000 });
    return Date.now() - since;
  };

  beforeAll(async () => {
    for (const user of ['frontline', 'support']) tokens[user] = await suite.app.login(user);
    for (const user of ['frontline', 'support']) {
      expect((await api(user, 'PUT', '/factory/default_station', { shopFloorId: 1, lineId: 1, equipmentId: 1 })).status).toBe(200);
    }
    await unplannedStop('07:00', '07:10', 'Primo stop già registrato');
  });

  it("shows a stop recorded on another tablet in the operator's and the support's line log, keeping a text being typed", async () => {
    const operator = (await suite.newPage(TABLET_VIEWPORT)).page;
    await openAs(operator, 'frontline', `/report-operatore?day=${yesterday}&shift_code=A&line_id=1`);
    const support = (await suite.newPage(PHONE_VIEWPORT)).page;
    await openAs(support, 'support', `/report-miglioramento?day=${yesterday}&shift_code=A&line_id=1`);
    for (const page of [operator, support]) await page.getByText('Primo stop già registrato').first().waitFor();
    // The operator is typing in the first stop's description when the other tablet records.
    const typing = operator.getByRole('textbox', { name: 'Descrizione – stop delle 07:00' });
    await typing.fill('Primo stop, testo in corso');

    const sent = Date.now();
    await unplannedStop('08:10', '08:25', 'Bottiglia incastrata dal vivo');
    expect(await shownWithin(operator, 'Bottiglia incastrata dal vivo', sent)).toBeLessThan(5000);
    expect(await shownWithin(support, 'Bottiglia incastrata dal vivo', sent)).toBeLessThan(5000);
    expect(await typing.inputValue()).toBe('Primo stop, testo in corso');
  });

  it('shows a DBR action planned by support on the operator’s daily activities', async () => {
    const operator = (await suite.newPage(TABLET_VIEWPORT)).page;
    await openAs(operator, 'frontline', '/daily-routine-operatore');
    await operator.locator('.dbra-table').waitFor();
    const sent = Date.now();
    const r = await api('support', 'POST', '/factory/dbr_actions', {
      day: todayInRome(),
      due_shift: null,
      line: 'Linea 1',
      equipment: null,
      owner: 'Rossi',
      supportBy: '',
      activity: 'Controllare le guide dal vivo',
    });
    expect(r.status).toBe(201);
    expect(await shownWithin(operator, 'Controllare le guide dal vivo', sent)).toBeLessThan(5000);
  });
});
