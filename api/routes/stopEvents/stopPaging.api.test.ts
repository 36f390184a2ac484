import { DateTime } from 'luxon';
import { PLANT_ZONE } from '../../../domain/shifts/calendar.js';
import { describeWith } from '../../../test/support/services.js';
import { startStopsKit, type StopsKit } from '../../../test/builders/stopsTestKit.js';

/**
 * The paging contract of GET /factory/stop_events/unplanned (docs/line-log.md "Paging"): at
 * most 2000 stops in one answer; past that a 400 unless the client pages with `limit` and
 * `after`, following X-Next-Cursor (or the Link header) until it is absent.
 */
describeWith(['postgres'])('unplanned stop list, page by page', () => {
  let kit: StopsKit;
  let token: string;
  let previousDay: string;
  /** One stop every 2 minutes on each of lines 1 and 2, at the same instants. */
  const PAIRS = 1025;
  const DELETED = new Set([1_400_007, 4_400_500, 1_400_899]);
  /** Every stop of the range in the expected order: by start, then id (line 1's ids are the smaller). */
  const expectedIds: number[] = [];

  const get = async (query: string) => {
    const res = await fetch(`${kit.app.url}/factory/stop_events/unplanned?${query}`, { headers: { authorization: `Bearer ${token}` } });
    return { status: res.status, body: (await res.json()) as any, next: res.headers.get('x-next-cursor'), link: res.headers.get('link') };
  };
  const range = () => `shop_floor_id=1&date_from=${previousDay}&date_to=${kit.nextDay}&lines_id=1,2`;
  /** Follows the cursor from the first page to the last; the number of pages too. */
  const allPages = async (query: string, limit: number) => {
    const rows: any[] = [];
    let pages = 0;
    for (let after: string | null = null; ;) {
      const r = await get(`${query}&limit=${limit}${after ? `&after=${after}` : ''}`);
      expect(r.status).toBe(200);
      rows.push(...r.body);
      pages += 1;
      if (!r.next) return { rows, pages };
      expect(r.body).toHaveLength(limit);
      after = r.next;
    }
  };

  beforeAll(async () => {
    kit = await startStopsKit();
    token = await kit.app.login('frontline');
    previousDay = DateTime.fromISO(kit.day).minus({ days: 1 }).toISODate()!;
    // Built from events, as the chatbot would record them: 2 × 1025 stops from 00:00 of the kit's day, 1 minute each.
    const { store, catalog, engine } = kit.app.deps;
    const first = DateTime.fromISO(`${kit.day}T00:00`, { zone: PLANT_ZONE });
    const metadata = { userId: 'u', username: 'frontline', role: 'frontline', correlationId: 'paging', causationId: null, occurredAt: new Date().toISOString() };
    const lines = [
      { lineId: 1, equipmentId: 1, idBase: 1_400_000, workpointId: kit.ids.workpoint, stopCodeId: kit.ids.stopCode },
      { lineId: 2, equipmentId: 4, idBase: 4_400_000, workpointId: kit.ids.line2Workpoint, stopCodeId: kit.ids.line2StopCode },
    ];
    for (const line of lines) {
      const events = [];
      for (let i = 0; i < PAIRS; i++) {
        const start = first.plus({ minutes: 2 * i });
        events.push({
          type: 'UnplannedStopRecorded',
          data: {
            stopId: line.idBase + i,
            shopFloorId: 1,
            lineId: line.lineId,
            equipmentId: line.equipmentId,
            workpointId: line.workpointId,
            stopCodeId: line.stopCodeId,
            triggeringEventId: 1,
            failureMode: `Fermo ${i}`,
            correctiveAction: 'Riavviata',
            actionMaterialChange: false,
            actionCleaning: false,
            actionSettingAdjustment: false,
            actionComponentRestore: false,
            startTime: start.toUTC().toISO()!,
            endTime: start.plus({ minutes: 1 }).toUTC().toISO()!,
          },
        });
      }
      for (const stopId of DELETED) if (Math.floor(stopId / 1_000_000) === line.equipmentId) events.push({ type: 'UnplannedStopDeleted', data: { stopId } });
      await store.appendToStream(
        `paging-test-${line.equipmentId}`,
        events.map((e) => ({ ...catalog.encode(e), metadata })),
        { expectedRevision: 'no_stream' },
      );
    }
    await engine.settle();
    for (let i = 0; i < PAIRS; i++) for (const id of [1_400_000 + i, 4_400_000 + i]) if (!DELETED.has(id)) expectedIds.push(id);
  });
  afterAll(async () => {
    await kit?.close();
  });

  it('answers the whole list as one array while it holds at most 2000 stops, with no cursor', async () => {
    // The kit's next day: 10:08 is the last start, so 06:00 to 10:08 of it (shifts A and E) is 125 pairs.
    const oneDay = await get(`shop_floor_id=1&date_from=${kit.nextDay}&date_to=${kit.nextDay}&lines_id=1,2`);
    expect([oneDay.status, oneDay.body.length, oneDay.next, oneDay.link]).toEqual([200, 250, null, null]);
    expect(oneDay.body.slice(0, 4).map((s: any) => s.id)).toEqual([1_400_900, 4_400_900, 1_400_901, 4_400_901]);
    const asPages = await allPages(`shop_floor_id=1&date_from=${kit.nextDay}&date_to=${kit.nextDay}&lines_id=1,2`, 2000);
    expect(asPages).toEqual({ rows: oneDay.body, pages: 1 });
  });

  it('refuses a longer list without paging: 400 saying to narrow the range or page', async () => {
    const r = await get(range());
    expect(r.status).toBe(400);
    expect(r.body.error).toEqual({
      code: 'TOO_MANY_STOPS',
      message: 'Troppi stop per una sola risposta (più di 2000): restringi il periodo o le linee, oppure chiedi gli stop a pagine con i parametri limit e after',
      fields: { limit: 'Obbligatorio oltre 2000 stop (al massimo 2000 per pagina)' },
    });
  });

  it.each([1000, 2000, 333])('pages of %i concatenate to exactly the whole list, in order, equal start times included', async (limit) => {
    const { rows, pages } = await allPages(range(), limit);
    expect(rows.map((s: any) => s.id)).toEqual(expectedIds);
    expect(pages).toBe(Math.ceil(expectedIds.length / limit));
    expect(new Set(rows.map((s: any) => s.id)).size).toBe(rows.length);
    // Pairs share their start: line 1 first, then line 2.
    expect(rows.slice(0, 2).map((s: any) => [s.start_time, s.workpoint_rel.equipment_rel.line_rel.id])).toEqual([
      [kit.at('00:00'), 1],
      [kit.at('00:00'), 2],
    ]);
  });

  it('pages one line alone the same way: its stops only, in order, none lost or repeated', async () => {
    const lineOne = range().replace('lines_id=1,2', 'lines_id=1');
    const { rows, pages } = await allPages(lineOne, 400);
    const expected = expectedIds.filter((id) => id < 4_000_000);
    expect(expected).toHaveLength(PAIRS - 2);
    expect(rows.map((s: any) => s.id)).toEqual(expected);
    expect(pages).toBe(Math.ceil(expected.length / 400));
    expect(new Set(rows.map((s: any) => s.workpoint_rel.equipment_rel.line_rel.id))).toEqual(new Set([1]));
  });

  it('gives the next page in X-Next-Cursor and in a Link header; `after` alone pages by 1000', async () => {
    const first = await get(`${range()}&limit=3`);
    expect(first.body.map((s: any) => s.id)).toEqual([1_400_000, 4_400_000, 1_400_001]);
    expect(first.link).toBe(`</factory/stop_events/unplanned?${range().replace('1,2', '1%2C2')}&limit=3&after=${first.next}>; rel="next"`);
    const viaLink = await get(first.link!.slice(first.link!.indexOf('?') + 1, first.link!.indexOf('>')));
    expect(viaLink.body.map((s: any) => s.id)).toEqual([4_400_001, 1_400_002, 4_400_002]);
    const byDefault = await get(`${range()}&after=${first.next}`);
    expect(byDefault.body).toHaveLength(1000);
    expect(byDefault.body[0].id).toBe(4_400_001);
  });

  it('refuses a cursor it did not give and a bad page size with 400 naming the parameter', async () => {
    const valid = (await get(`${range()}&limit=3`)).next!;
    for (const after of [
      'abc',
      'x'.repeat(200),
      Buffer.from('2030-01-01~2030-01-01T00:00:00.000000Z~0').toString('base64url'),
      Buffer.from('2030-02-30~2030-01-01T00:00:00.000000Z~5').toString('base64url'),
      `${valid}!`,
    ]) {
      const r = await get(`${range()}&after=${encodeURIComponent(after)}`);
      expect([after, r.status, r.body.error?.fields]).toEqual([after, 400, { after: 'Cursore non valido: usa il valore di X-Next-Cursor' }]);
    }
    for (const limit of ['0', '2001', 'abc', '1.5']) {
      const r = await get(`${range()}&limit=${limit}`);
      expect([limit, r.status, Object.keys(r.body.error?.fields ?? {})]).toEqual([limit, 400, ['limit']]);
    }
  });
});
