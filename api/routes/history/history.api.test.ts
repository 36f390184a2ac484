import { DEMO_ROLES as ROLES } from '../../../domain/users/roles.js';
import { startTestApp, type TestApp } from '../../../test/support/app.js';
import { describeWith } from '../../../test/support/services.js';

/** An analysis without whys or a 6M category, as the reads answer it. */
const UNSTRUCTURED = { whys: ['', '', '', '', ''], category: '' };

/**
 * The history calls and the line-log reads `as_of` a moment (docs/audit.md), over the demo
 * plant (Confezionamento, unit 'pz', labels Macchina and Nota; Linea 1: Filler, Capper, ...)
 * with a clock the test moves forward, so each event has a known time. Expected words,
 * labels and values are written here from the issue and the pages' labels.
 */
describeWith(['postgres'])('history and as-of reads', () => {
  let app: TestApp;
  let now = new Date('2031-06-10T09:00:00.000Z');
  const tokens: Record<string, string> = {};
  const at = (iso: string) => (now = new Date(iso));
  const call = async (method: string, path: string, as = 'support', body?: unknown) => {
    const res = await fetch(`${app.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${tokens[as]}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  const get = (path: string, as = 'support') => call('GET', path, as);
  const by = (username: string) => ({ username, role: username });
  const names: { workpoint: number; stopCode: number; stopCodeName: string; trigger: string; reason: string; shiftA: number } = {} as never;

  beforeAll(async () => {
    app = await startTestApp({ clock: () => new Date(now) });
    for (const role of ROLES) tokens[role] = await app.login(role);
    const workpoints = (await get('/factory/workpoints?equipment_id=1')).body as Array<{ id: number; name: string }>;
    names.workpoint = workpoints.find((w) => w.name === 'Alimentazione bottiglie')!.id;
    const codes = (await get(`/factory/stop_codes?workpoint_id=${names.workpoint}`)).body as Array<{ id: number; name: string }>;
    const code = codes.find((c) => c.name === 'Bottiglia caduta')!;
    names.stopCode = code.id;
    names.stopCodeName = code.name;
    names.trigger = ((await get('/factory/triggering_events')).body as Array<{ id: number; name: string }>).find((t) => t.id === 1)!.name;
    names.reason = ((await get('/factory/planned_stop_reasons')).body as Array<{ id: number; name: string }>).find((r) => r.id === 1)!.name;
    names.shiftA = ((await get('/factory/shifts?day=2031-06-10&shop_floor_id=1')).body as Array<{ id: number; code: string }>).find((s) => s.code === 'A')!.id;
  });
  afterAll(async () => {
    await app?.close();
  });

  describe('a shift report: saved, submitted, corrected', () => {
    const key = 'day=2031-06-10&shift_code=A&line_name=Linea%201';
    const report = {
      day: '2031-06-10',
      shift_code: 'A',
      line_name: 'Linea 1',
      notes: 'Turno regolare',
      machine_notes: [{ Macchina: 'Riempitrice', Nota: 'Valvola sostituita' }],
      production_volume: 11000,
      waste: 120,
      working_time: 7.5,
    };

    beforeAll(async () => {
      at('2031-06-10T09:00:00.000Z');
      expect(
        (
          await call('POST', '/factory/shift_notes/save', 'frontline', {
            ...report,
            notes: 'inizio turno',
            machine_notes: [],
            production_volume: null,
            waste: null,
            working_time: null,
          })
        ).status,
      ).toBe(200);
      at('2031-06-10T09:05:00.250Z');
      expect((await call('POST', '/factory/shift_notes/submit', 'frontline', report)).status).toBe(200);
      at('2031-06-10T09:30:00.000Z');
      expect((await call('PUT', '/factory/shift_notes/update', 'support', { ...report, notes: 'Turno regolare, scarto ricontato', waste: 150, revision: 1 })).status).toBe(200);
    });

    it('answers every step, oldest first, in words, with who, when (Rome) and the fields that changed', async () => {
      const r = await get(`/factory/shift_notes/history?${key}`);
      expect(r.status).toBe(200);
      expect(r.body).toEqual([
        {
          revision: 0,
          type: 'ShiftReportDraftSaved',
          label: 'Bozza salvata',
          at: '2031-06-10T11:00:00+02:00',
          by: by('frontline'),
          changes: [{ field: 'notes', label: 'Note di fine turno', before: null, after: 'inizio turno' }],
        },
        {
          revision: 1,
          type: 'ShiftReportSubmitted',
          label: 'Report inviato',
          at: '2031-06-10T11:05:00.250+02:00',
          by: by('frontline'),
          changes: [
            { field: 'notes', label: 'Note di fine turno', before: 'inizio turno', after: 'Turno regolare' },
            { field: 'machine_notes', label: 'Note macchina', before: null, after: 'Macchina: Riempitrice · Nota: Valvola sostituita' },
            { field: 'production_volume', label: 'Volumi Prodotti [pz]', before: null, after: 11000 },
            { field: 'waste', label: 'Scarto [pz]', before: null, after: 120 },
            { field: 'working_time', label: 'Ore Lavorate [h]', before: null, after: 7.5 },
          ],
        },
        {
          revision: 2,
          type: 'ShiftReportAmended',
          label: 'Report corretto',
          at: '2031-06-10T11:30:00+02:00',
          by: by('support'),
          changes: [
            { field: 'notes', label: 'Note di fine turno', before: 'Turno regolare', after: 'Turno regolare, scarto ricontato' },
            { field: 'waste', label: 'Scarto [pz]', before: 120, after: 150 },
          ],
        },
      ]);
      expect((await get(`/factory/shift_notes/history?${key}`, 'frontline')).body).toEqual(r.body);
    });

    it('answers [] for a report never saved, 400 without its key, 404 for an unknown line', async () => {
      expect(await get('/factory/shift_notes/history?day=2031-06-09&shift_code=A&line_name=Linea%201')).toEqual({ status: 200, body: [] });
      expect((await get('/factory/shift_notes/history?day=2031-06-09')).status).toBe(400);
      expect((await get('/factory/shift_notes/history?day=2031-06-09&shift_code=A&line_name=Linea%2099')).status).toBe(404);
    });

    it('reads the report as of a moment: before an event the earlier state, exactly at it the event included', async () => {
      const asOf = async (when: string, as = 'frontline') => (await get(`/factory/shift_notes?${key}&as_of=${encodeURIComponent(when)}`, as)).body;
      expect(await asOf('2031-06-10T10:59:59.999+02:00')).toMatchObject({ notes: null, revision: -1, confirmed: false, updated_at: null });
      expect(await asOf('2031-06-10T11:00:00+02:00')).toMatchObject({ notes: 'inizio turno', production_volume: null, confirmed: false, revision: 0, updated_by: 'frontline' });
      expect(await asOf('2031-06-10T11:05:00.249+02:00')).toMatchObject({ notes: 'inizio turno', confirmed: false, revision: 0 });
      expect(await asOf('2031-06-10T11:05:00.250+02:00')).toMatchObject({
        notes: 'Turno regolare',
        waste: 120,
        confirmed: true,
        revision: 1,
        updated_at: '2031-06-10T11:05:00.250+02:00',
      });
      expect(await asOf('2031-06-10T09:29:59Z', 'support')).toMatchObject({ notes: 'Turno regolare', waste: 120, confirmed: true, revision: 1 });
      expect(await asOf('2031-06-10T11:30:00+02:00', 'support')).toMatchObject({ notes: 'Turno regolare, scarto ricontato', waste: 150, revision: 2 });
      // Without an offset the time is Italian, as for the stop calls.
      expect(await asOf('2031-06-10T11:05:00.250')).toMatchObject({ revision: 1 });
      // As for the read without as_of, the improvement role never sees a draft.
      expect(await asOf('2031-06-10T11:01:00+02:00', 'support')).toMatchObject({ notes: null, confirmed: false, revision: 0 });
      expect((await get(`/factory/shift_notes?${key}`)).body).toMatchObject({ waste: 150, revision: 2 });
    });

    it('refuses a malformed as_of with 400 naming it', async () => {
      for (const bad of ['ieri', '2031-06-10', '2031-13-01T10:00:00Z', '2031-06-10T25:00']) {
        const r = await get(`/factory/shift_notes?${key}&as_of=${encodeURIComponent(bad)}`);
        expect([bad, r.status, Object.keys(r.body.error?.fields ?? {})]).toEqual([bad, 400, ['as_of']]);
      }
    });
  });

  describe('unplanned stops and their analysis', () => {
    const dayStream = (n: number) => 1e15 + 1 * 1e9 + 11482 * 1e4 + n; // Filler (1), 2031-06-09 (day 11482 since 2000-01-01)
    const shiftB = 'shop_floor_id=1&lines_id=1&shift_code=B&day=2031-06-09';
    const stop = (start: string, end: string, failure: string) => ({
      workpoint_id: names.workpoint,
      stop_code_id: names.stopCode,
      triggering_event_id: 1,
      failure_mode: failure,
      corrective_action: 'Riavviata la linea',
      action_material_change: false,
      action_cleaning: true,
      action_setting_adjustment: false,
      action_component_restore: true,
      start_time: `2031-06-09T${start}:00+02:00`,
      end_time: `2031-06-09T${end}:00+02:00`,
    });

    beforeAll(async () => {
      at('2031-06-10T10:00:00.000Z');
      expect((await call('POST', '/factory/stop_events', 'frontline', stop('15:10', '15:25', 'Bottiglia incastrata'))).body.id).toBe(dayStream(1));
      at('2031-06-10T10:01:00.000Z');
      expect((await call('POST', '/factory/stop_events', 'frontline', stop('16:00', '16:10', 'Mancanza bottiglie'))).body.id).toBe(dayStream(2));
      at('2031-06-10T10:02:00.000Z');
      expect(
        (await call('POST', '/factory/stop_events/update_unplanned_details', 'frontline', { id: dayStream(1), field: 'failure_mode', value: 'Bottiglia caduta in ingresso' }))
          .status,
      ).toBe(200);
      at('2031-06-10T10:03:00.000Z');
      expect((await call('POST', '/factory/root_cause', 'support', { stop_event_id: dayStream(1), root_cause: 'Guida usurata', troubleshooting: '' })).status).toBe(200);
      at('2031-06-10T10:04:00.000Z');
      expect(
        (await call('POST', '/factory/root_cause', 'support', { stop_event_id: dayStream(1), root_cause: 'Guida usurata', troubleshooting: 'Sostituita la guida' })).status,
      ).toBe(200);
      at('2031-06-10T10:05:00.000Z');
      expect((await call('DELETE', `/factory/stop_events/delete_unplanned/${dayStream(1)}`, 'frontline')).status).toBe(200);
    });

    it("gives the stop's own events (not its neighbours' in the day stream): recorded, edited, deleted", async () => {
      const r = await get(`/factory/stop_events/${dayStream(1)}/history`, 'frontline');
      expect(r.status).toBe(200);
      expect(r.body).toEqual([
        {
          revision: 0,
          type: 'UnplannedStopRecorded',
          label: 'Stop registrato',
          at: '2031-06-10T12:00:00+02:00',
          by: by('frontline'),
          changes: [
            { field: 'time', label: 'Orario', before: null, after: '15:10–15:25' },
            { field: 'place', label: 'Macchina / Area', before: null, after: 'Filler / Alimentazione bottiglie' },
            { field: 'stop_code', label: 'Codice di stop', before: null, after: names.stopCodeName },
            { field: 'triggering_event', label: 'Evento scatenante', before: null, after: names.trigger },
            { field: 'actions', label: 'Azioni', before: null, after: 'Pulizia, Ripristino componente' },
            { field: 'failure_mode', label: 'Descrizione', before: null, after: 'Bottiglia incastrata' },
            { field: 'corrective_action', label: 'Azione correttiva', before: null, after: 'Riavviata la linea' },
          ],
        },
        {
          revision: 2,
          type: 'UnplannedStopDetailEdited',
          label: 'Stop modificato',
          at: '2031-06-10T12:02:00+02:00',
          by: by('frontline'),
          changes: [{ field: 'failure_mode', label: 'Descrizione', before: 'Bottiglia incastrata', after: 'Bottiglia caduta in ingresso' }],
        },
        { revision: 3, type: 'UnplannedStopDeleted', label: 'Stop eliminato', at: '2031-06-10T12:05:00+02:00', by: by('frontline'), changes: [] },
      ]);
      expect((await get(`/factory/stop_events/${dayStream(2)}/history`)).body.map((e: any) => [e.revision, e.label])).toEqual([[1, 'Stop registrato']]);
      expect((await get(`/factory/stop_events/${dayStream(3)}/history`)).status).toBe(404);
      expect((await get(`/factory/stop_events/${1e15 + 1e9 + 11482 * 1e4 + 1001}/history`)).status).toBe(404); // a planned id
    });

    it("gives the analysis' saves, and 404 for a stop that never was", async () => {
      expect((await get(`/factory/root_cause/${dayStream(1)}/history`)).body).toEqual([
        {
          revision: 0,
          type: 'RootCauseRecorded',
          label: 'Analisi salvata',
          at: '2031-06-10T12:03:00+02:00',
          by: by('support'),
          changes: [{ field: 'root_cause', label: 'Causa radice', before: null, after: 'Guida usurata' }],
        },
        {
          revision: 1,
          type: 'RootCauseRecorded',
          label: 'Analisi salvata',
          at: '2031-06-10T12:04:00+02:00',
          by: by('support'),
          changes: [{ field: 'troubleshooting', label: 'Soluzione', before: null, after: 'Sostituita la guida' }],
        },
      ]);
      expect(await get(`/factory/root_cause/${dayStream(2)}/history`)).toEqual({ status: 200, body: [] });
      expect((await get(`/factory/root_cause/${dayStream(9)}/history`)).status).toBe(404);
    });

    it("reads the shift's stops and analyses as of a moment, exact to the event", async () => {
      const list = async (when: string) =>
        ((await get(`/factory/stop_events/unplanned_by_shift?${shiftB}&as_of=${encodeURIComponent(when)}`)).body as any[]).map((s) => [s.id, s.failure_mode, s.root_cause]);
      expect(await list('2031-06-10T11:59:59.999+02:00')).toEqual([]);
      expect(await list('2031-06-10T12:00:00+02:00')).toEqual([[dayStream(1), 'Bottiglia incastrata', null]]);
      expect(await list('2031-06-10T12:01:30+02:00')).toEqual([
        [dayStream(1), 'Bottiglia incastrata', null],
        [dayStream(2), 'Mancanza bottiglie', null],
      ]);
      expect(await list('2031-06-10T12:02:00+02:00')).toEqual([
        [dayStream(1), 'Bottiglia caduta in ingresso', null],
        [dayStream(2), 'Mancanza bottiglie', null],
      ]);
      expect(await list('2031-06-10T12:03:00+02:00')).toEqual([
        [dayStream(1), 'Bottiglia caduta in ingresso', { root_cause: 'Guida usurata', troubleshooting: '', ...UNSTRUCTURED }],
        [dayStream(2), 'Mancanza bottiglie', null],
      ]);
      expect(await list('2031-06-10T12:05:00+02:00')).toEqual([[dayStream(2), 'Mancanza bottiglie', null]]);

      const full = (await get(`/factory/stop_events/unplanned_by_shift?${shiftB}&as_of=2031-06-10T10:04:59Z`)).body[0];
      expect(full).toMatchObject({
        id: dayStream(1),
        start_time: '2031-06-09T15:10:00+02:00',
        end_time: '2031-06-09T15:25:00+02:00',
        duration_minutes: 15,
        action_cleaning: true,
        action_component_restore: true,
        workpoint_rel: { id: names.workpoint, name: 'Alimentazione bottiglie', equipment_rel: { id: 1, name: 'Filler', line_rel: { id: 1, name: 'Linea 1' } } },
        stop_code_rel: { id: names.stopCode, name: names.stopCodeName },
        root_cause: { root_cause: 'Guida usurata', troubleshooting: 'Sostituita la guida', ...UNSTRUCTURED },
      });
      // Now, from the read model: the same rows the events give as of the last event.
      expect((await get(`/factory/stop_events/unplanned_by_shift?${shiftB}`)).body).toEqual(
        (await get(`/factory/stop_events/unplanned_by_shift?${shiftB}&as_of=2031-06-10T10:05:00Z`)).body,
      );
      expect((await get(`/factory/stop_events/unplanned_by_shift?${shiftB}&as_of=x`)).status).toBe(400);
    });

    it('reads one analysis as of a moment; 404 where the stop did not exist then', async () => {
      const rc = (when: string) => get(`/factory/root_cause/${dayStream(1)}?as_of=${encodeURIComponent(when)}`);
      expect((await rc('2031-06-10T12:02:59+02:00')).body).toEqual({ stop_event_id: dayStream(1), root_cause: '', troubleshooting: '', ...UNSTRUCTURED });
      expect((await rc('2031-06-10T12:03:00+02:00')).body).toEqual({ stop_event_id: dayStream(1), root_cause: 'Guida usurata', troubleshooting: '', ...UNSTRUCTURED });
      expect((await rc('2031-06-10T12:04:00+02:00')).body).toEqual({
        stop_event_id: dayStream(1),
        root_cause: 'Guida usurata',
        troubleshooting: 'Sostituita la guida',
        ...UNSTRUCTURED,
      });
      expect((await rc('2031-06-10T11:59:00+02:00')).status).toBe(404);
      expect((await rc('2031-06-10T12:05:00+02:00')).status).toBe(404);
      expect((await rc('domani')).status).toBe(400);
    });
  });

  describe('a stop of the legacy per-equipment stream', () => {
    const legacyId = 1 * 1_000_000 + 1; // equipment × 10^6 + n (docs/line-log.md): stream unplanned-stops-1
    const meta = (occurredAt: string) => ({ userId: 'u-frontline', username: 'frontline', role: 'frontline', correlationId: 'c-legacy', causationId: null, occurredAt });

    beforeAll(async () => {
      await app.deps.store.appendToStream(
        'unplanned-stops-1',
        [
          {
            type: 'UnplannedStopRecorded',
            schemaVersion: 1,
            metadata: meta('2031-06-08T16:00:00.000Z'),
            data: {
              stopId: legacyId,
              shopFloorId: 1,
              lineId: 1,
              equipmentId: 1,
              workpointId: names.workpoint,
              stopCodeId: names.stopCode,
              triggeringEventId: 1,
              failureMode: 'Fermo storico',
              correctiveAction: 'Riavvio',
              actionMaterialChange: true,
              actionCleaning: false,
              actionSettingAdjustment: false,
              actionComponentRestore: false,
              startTime: '2031-06-08T13:00:00.000Z',
              endTime: '2031-06-08T13:20:00.000Z',
            },
          },
          {
            type: 'UnplannedStopDetailEdited',
            schemaVersion: 1,
            metadata: meta('2031-06-08T17:00:00.000Z'),
            data: { stopId: legacyId, field: 'correctiveAction', value: 'Riavvio e pulizia' },
          },
        ],
        { expectedRevision: 'any' },
      );
    });

    it('finds its history in the legacy stream the id names, and its state as of a moment', async () => {
      expect((await get(`/factory/stop_events/${legacyId}/history`)).body.map((e: any) => [e.revision, e.label, e.at, e.changes.length])).toEqual([
        [0, 'Stop registrato', '2031-06-08T18:00:00+02:00', 7],
        [1, 'Stop modificato', '2031-06-08T19:00:00+02:00', 1],
      ]);
      const shift = 'shop_floor_id=1&lines_id=1&shift_code=B&day=2031-06-08';
      const list = async (when: string) =>
        ((await get(`/factory/stop_events/unplanned_by_shift?${shift}&as_of=${encodeURIComponent(when)}`)).body as any[]).map((s) => [s.id, s.corrective_action, s.start_time]);
      expect(await list('2031-06-08T17:59:59+02:00')).toEqual([]);
      expect(await list('2031-06-08T18:00:00+02:00')).toEqual([[legacyId, 'Riavvio', '2031-06-08T15:00:00+02:00']]);
      expect(await list('2031-06-08T19:00:00+02:00')).toEqual([[legacyId, 'Riavvio e pulizia', '2031-06-08T15:00:00+02:00']]);
    });
  });

  describe('a planned stop', () => {
    const id = 1e15 + 1e9 + 11482 * 1e4 + 1001;
    const shiftB = 'shop_floor_id=1&lines_id=1&shift_code=B&day=2031-06-09';

    beforeAll(async () => {
      at('2031-06-10T10:10:00.000Z');
      const body = { equipment_id: 1, planned_reason_id: 1, start_time: '2031-06-09T14:00:00+02:00', end_time: '2031-06-09T14:30:00+02:00', notes: 'Cambio formato 0,5 L' };
      expect((await call('POST', '/factory/planned_stops', 'frontline', body)).body.id).toBe(id);
      at('2031-06-10T10:11:00.000Z');
      expect((await call('POST', '/factory/stop_events/update_planned_note', 'frontline', { id, notes: null })).status).toBe(200);
      at('2031-06-10T10:12:00.000Z');
      expect((await call('DELETE', `/factory/stop_events/delete_planned/${id}`, 'frontline')).status).toBe(200);
    });

    it('gives its recording, its note emptied and its deletion', async () => {
      expect((await get(`/factory/planned_stops/${id}/history`, 'frontline')).body).toEqual([
        {
          revision: 0,
          type: 'PlannedStopRecorded',
          label: 'Stop registrato',
          at: '2031-06-10T12:10:00+02:00',
          by: by('frontline'),
          changes: [
            { field: 'time', label: 'Orario', before: null, after: '14:00–14:30' },
            { field: 'equipment', label: 'Macchina', before: null, after: 'Filler' },
            { field: 'planned_reason', label: 'Causale', before: null, after: names.reason },
            { field: 'notes', label: 'Note', before: null, after: 'Cambio formato 0,5 L' },
          ],
        },
        {
          revision: 1,
          type: 'PlannedStopNoteEdited',
          label: 'Note modificate',
          at: '2031-06-10T12:11:00+02:00',
          by: by('frontline'),
          changes: [{ field: 'notes', label: 'Note', before: 'Cambio formato 0,5 L', after: null }],
        },
        { revision: 2, type: 'PlannedStopDeleted', label: 'Stop eliminato', at: '2031-06-10T12:12:00+02:00', by: by('frontline'), changes: [] },
      ]);
      expect((await get(`/factory/planned_stops/${id + 1}/history`)).status).toBe(404);
    });

    it('reads the planned list as of a moment', async () => {
      const list = async (when: string) =>
        ((await get(`/factory/stop_events/planned_by_shift?${shiftB}&as_of=${encodeURIComponent(when)}`)).body as any[]).map((s) => [s.id, s.notes]);
      expect(await list('2031-06-10T12:09:59+02:00')).toEqual([]);
      expect(await list('2031-06-10T12:10:00+02:00')).toEqual([[id, 'Cambio formato 0,5 L']]);
      expect(await list('2031-06-10T12:11:00+02:00')).toEqual([[id, null]]);
      expect(await list('2031-06-10T12:12:00+02:00')).toEqual([]);
      expect((await get(`/factory/stop_events/planned_by_shift?${shiftB}&as_of=2031-06-10T10:10:30Z`)).body[0]).toMatchObject({
        equipment_rel: { id: 1, name: 'Filler', line_rel: { id: 1, name: 'Linea 1' } },
        planned_reason_rel: { id: 1, name: names.reason },
        duration_minutes: 30,
      });
    });
  });

  describe('a DBR action', () => {
    let id: number;
    beforeAll(async () => {
      at('2031-06-10T09:40:00.000Z');
      const created = await call('POST', '/factory/dbr_actions', 'support', {
        day: '2031-06-10',
        due_shift: names.shiftA,
        line: 'Linea 1',
        equipment: 2,
        owner: 'Rossi',
        supportBy: null,
        activity: 'Pulire i sensori',
      });
      expect(created.status).toBe(201);
      id = created.body.id;
      at('2031-06-10T09:45:00.000Z');
      expect((await call('PATCH', `/factory/dbr_actions/${id}/mark-executed`, 'frontline')).status).toBe(200);
      at('2031-06-10T09:50:00.000Z');
      expect((await call('PATCH', `/factory/dbr_actions/${id}/unmark-executed`, 'frontline')).status).toBe(200);
      at('2031-06-10T09:55:00.000Z');
      expect((await call('DELETE', `/factory/dbr_actions/${id}`, 'admin')).status).toBe(200);
    });

    it('gives its creation, tick, untick and deletion', async () => {
      expect((await get(`/factory/dbr_actions/${id}/history`)).body).toEqual([
        {
          revision: 0,
          type: 'DbrActionCreated',
          label: 'Azione creata',
          at: '2031-06-10T11:40:00+02:00',
          by: by('support'),
          changes: [
            { field: 'line', label: 'Linea', before: null, after: 'Linea 1' },
            { field: 'due', label: 'Scadenza', before: null, after: '10/06/2031' },
            { field: 'shift', label: 'Turno', before: null, after: 'Turno A' },
            { field: 'equipment', label: 'Dispositivo', before: null, after: 'Capper' },
            { field: 'activity', label: 'Attività', before: null, after: 'Pulire i sensori' },
            { field: 'owner', label: 'Responsabile', before: null, after: 'Rossi' },
          ],
        },
        {
          revision: 1,
          type: 'DbrActionMarkedExecuted',
          label: 'Azione eseguita',
          at: '2031-06-10T11:45:00+02:00',
          by: by('frontline'),
          changes: [{ field: 'done', label: 'Eseguito', before: null, after: '10/06/2031 11:45' }],
        },
        {
          revision: 2,
          type: 'DbrActionUnmarkedExecuted',
          label: 'Esecuzione annullata',
          at: '2031-06-10T11:50:00+02:00',
          by: by('frontline'),
          changes: [{ field: 'done', label: 'Eseguito', before: '10/06/2031 11:45', after: null }],
        },
        { revision: 3, type: 'DbrActionDeleted', label: 'Azione eliminata', at: '2031-06-10T11:55:00+02:00', by: by('admin'), changes: [] },
      ]);
      expect((await get(`/factory/dbr_actions/${id + 1}/history`)).status).toBe(404);
    });
  });
});
