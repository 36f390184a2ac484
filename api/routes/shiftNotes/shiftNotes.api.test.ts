import { handleRecordMachineEvent, MACHINE_SIGNALS_CONTEXT } from '../../../commands/machines/recordMachineEvent.js';
import { detectedStopId } from '../../../domain/machines/events.js';
import { describeWith } from '../../../test/support/services.js';
import { NOW, payload, startShiftNotesApp, TODAY, TOMORROW, type ShiftNotesClient } from '../../../test/builders/shiftNotesTestKit.js';

const FIELDS = ['confirmed', 'day', 'line_name', 'machine_notes', 'notes', 'production_volume', 'revision', 'shift_code', 'updated_at', 'updated_by', 'waste', 'working_time'];
const SAVED_AT = '2031-06-10T11:00:00+02:00';
const fieldsOf = (r: { body: any }) => Object.keys(r.body.error?.fields ?? {}).sort();

/** The shift report over the demo plant (Confezionamento: labels Macchina, Nota; shifts A 06-14, B, C, E), clock fixed at 10 June 2031. */
describeWith(['postgres'])('shift notes endpoints', () => {
  let c: ShiftNotesClient;
  const save = (as: string, body: unknown) => c.call('POST', '/factory/shift_notes/save', as, body);
  const submit = (as: string, body: unknown) => c.call('POST', '/factory/shift_notes/submit', as, body);
  const update = (as: string, body: unknown) => c.call('PUT', '/factory/shift_notes/update', as, body);
  const key = (day: string, shift_code: string, line_name = 'Linea 1') => ({ day, shift_code, line_name });

  beforeAll(async () => {
    c = await startShiftNotesApp();
  });
  afterAll(async () => {
    await c?.app.close();
  });

  it('GET gives the empty shape when no report was saved', async () => {
    const r = await c.get('frontline', key('2031-06-01', 'A'));
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      shift_code: 'A',
      day: '2031-06-01',
      line_name: 'Linea 1',
      notes: null,
      machine_notes: [],
      production_volume: null,
      waste: null,
      working_time: null,
      confirmed: false,
      revision: -1,
      updated_at: null,
      updated_by: null,
    });
  });

  it('lets the operator autosave, submit once, and then change nothing', async () => {
    const k = key(TODAY, 'A');
    const draft = await save('frontline', { ...k, notes: 'inizio turno', machine_notes: [], production_volume: '', confirmed: false });
    expect(draft.status).toBe(200);
    expect(Object.keys(draft.body).sort()).toEqual(FIELDS);
    expect(draft.body).toMatchObject({ ...k, notes: 'inizio turno', production_volume: null, confirmed: false, revision: 0, updated_at: SAVED_AT, updated_by: 'frontline' });
    expect((await save('frontline', { ...payload(), revision: 0 })).body).toMatchObject({ revision: 1, working_time: 7.5 });
    expect((await save('frontline', payload())).body.revision).toBe(1);
    expect(await c.stream(TODAY, 'A')).toEqual(['ShiftReportDraftSaved', 'ShiftReportDraftSaved']);

    const read = await c.get('frontline', k);
    expect(read.body).toEqual({ ...payload(), confirmed: false, revision: 1, updated_at: SAVED_AT, updated_by: 'frontline' });

    const sent = await submit('frontline', { ...payload(), confirmed: true });
    expect([sent.status, sent.body.confirmed, sent.body.revision]).toEqual([200, true, 2]);
    expect((await c.get('frontline', k)).body).toMatchObject({ confirmed: true, revision: 2 });

    for (const again of [() => save('frontline', payload()), () => submit('frontline', payload()), () => save('frontline', { ...payload(), revision: 2 })]) {
      const r = await again();
      expect([r.status, r.body.error]).toEqual([409, { code: 'REPORT_ALREADY_SUBMITTED', message: 'Report già inviato' }]);
    }
    expect(await c.stream(TODAY, 'A')).toEqual(['ShiftReportDraftSaved', 'ShiftReportDraftSaved', 'ShiftReportSubmitted']);
  });

  it('accepts form posts: machine_notes as a JSON string, figures as text with a decimal comma', async () => {
    const r = await c.form('POST', '/factory/shift_notes/submit', 'frontline', {
      ...key('2031-06-09', 'B'),
      notes: 'ok',
      machine_notes: JSON.stringify([{ Macchina: 'Capper', Nota: '' }]),
      production_volume: '9800',
      waste: '0',
      working_time: '7,5',
      confirmed: 'true',
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ machine_notes: [{ Macchina: 'Capper', Nota: '' }], production_volume: 9800, waste: 0, working_time: 7.5, confirmed: true });
  });

  it('refuses an incomplete submit with 400 naming every missing field, and writes nothing', async () => {
    await save('frontline', { ...key('2031-06-09', 'C'), notes: 'bozza' });
    const r = await submit('frontline', { ...key('2031-06-09', 'C'), notes: '  ', machine_notes: [{ Macchina: '', Nota: '' }] });
    expect([r.status, r.body.error.code, r.body.error.message]).toEqual([400, 'INCOMPLETE_REPORT', 'Compila correttamente tutti i dati prima di inviare']);
    expect(fieldsOf(r)).toEqual(['machine_notes', 'notes', 'production_volume', 'waste', 'working_time']);
    const noKey = await submit('frontline', { notes: 'x' });
    expect([noKey.body.error.code, fieldsOf(noKey)]).toEqual([
      'INCOMPLETE_REPORT',
      ['day', 'line_name', 'machine_notes', 'production_volume', 'shift_code', 'waste', 'working_time'],
    ]);
    expect(await c.stream('2031-06-09', 'C')).toEqual(['ShiftReportDraftSaved']);
  });

  it('refuses future days for save, submit and update with FUTURE_DAY', async () => {
    for (const [call, as] of [
      [save, 'frontline'],
      [submit, 'frontline'],
      [update, 'support'],
    ] as const) {
      const r = await call(as, payload({ day: TOMORROW }));
      expect([r.status, r.body.error.code, r.body.error.message]).toEqual([400, 'FUTURE_DAY', 'Non puoi inviare report per giorni futuri']);
    }
    expect(await c.stream(TOMORROW, 'A')).toEqual([]);
  });

  it('sends a report only once its shift has begun: 409 SHIFT_NOT_STARTED before, 200 during and after', async () => {
    // 11:00 in Rome: A (06-14) runs, B (14-22) and C (22-06) of today have not begun, yesterday's C has ended.
    const line = { line_name: 'Linea 3' };
    expect((await save('frontline', payload({ ...line, shift_code: 'C', notes: 'preparato prima' }))).status).toBe(200);
    for (const [code, start] of [
      ['C', '22:00'],
      ['B', '14:00'],
    ] as const) {
      for (const [call, as] of [
        [submit, 'frontline'],
        [update, 'support'],
      ] as const) {
        const r = await call(as, payload({ ...line, shift_code: code }));
        expect([r.status, r.body.error]).toEqual([
          409,
          { code: 'SHIFT_NOT_STARTED', message: `Il turno inizia alle ${start}: il report si può inviare solo dopo l'inizio del turno` },
        ]);
      }
    }
    expect(await c.stream(TODAY, 'C', 3)).toEqual(['ShiftReportDraftSaved']);
    expect(await c.stream(TODAY, 'B', 3)).toEqual([]);

    const during = await submit('frontline', payload({ ...line, shift_code: 'A' }));
    expect([during.status, during.body.confirmed]).toEqual([200, true]);
    const after = await submit('frontline', payload({ ...line, day: '2031-06-09', shift_code: 'C' }));
    expect([after.status, after.body.confirmed]).toEqual([200, true]);
    expect(await c.stream('2031-06-09', 'C', 3)).toEqual(['ShiftReportSubmitted']);
  });

  it("keeps the stops a machine detects in a sent shift: marked after_submit, classified by support's amend, not by the operator", async () => {
    // Linea 2's Turno A of today, sent at 11:00 (the clock). Its Filler (4) stopped 09:00-09:10 (over
    // before the send), 10:55-11:05 (running at the send) and from 10:58, still stopped.
    const sent = await submit('frontline', payload({ line_name: 'Linea 2' }));
    expect(sent.status).toBe(200);
    const machineStop = async (start: string, end: string | null) => {
      const place = { shopFloorId: 1, lineId: 2, equipmentId: 4, startTime: new Date(`${TODAY}T${start}:00+02:00`).toISOString() };
      const context = { ...MACHINE_SIGNALS_CONTEXT, now: NOW };
      await handleRecordMachineEvent(c.app.deps, { type: 'MachineStopDetected', data: place }, context);
      if (end) await handleRecordMachineEvent(c.app.deps, { type: 'MachineRestarted', data: { ...place, endTime: new Date(`${TODAY}T${end}:00+02:00`).toISOString() } }, context);
      return detectedStopId(4, place.startTime);
    };
    const before = await machineStop('09:00', '09:10');
    const across = await machineStop('10:55', '11:05');
    const running = await machineStop('10:58', null);
    await c.app.deps.engine.settle();
    const shiftId = ((await c.call('GET', `/factory/shifts?day=${TODAY}&shop_floor_id=1`, 'support')).body as Array<{ id: number; code: string }>).find((x) => x.code === 'A')!.id;
    const unclassified = async () =>
      (
        (await c.call('GET', `/factory/detected_stops?shop_floor_id=1&line_id=2&shift_id=${shiftId}&state=unclassified`, 'support')).body as Array<{
          id: number;
          after_submit: boolean;
        }>
      ).map((d) => [d.id, d.after_submit]);
    expect(await unclassified()).toEqual([
      [before, false],
      [across, true],
      [running, true],
    ]);

    // The operator's report is closed: the stop is refused with 'Report già inviato'; support's amend records it.
    const wp = (await c.call('GET', '/factory/workpoints?equipment_id=4', 'support')).body[0].id as number;
    const code = (await c.call('GET', `/factory/stop_codes?workpoint_id=${wp}`, 'support')).body[0].id as number;
    const classify = (as: string) =>
      c.call('POST', '/factory/stop_events', as, {
        workpoint_id: wp,
        stop_code_id: code,
        triggering_event_id: 1,
        failure_mode: 'Inceppamento',
        corrective_action: 'Sbloccato',
        start_time: `${TODAY}T10:55`,
        end_time: `${TODAY}T11:05`,
        detected_stop_id: across,
      });
    const refused = await classify('frontline');
    expect([refused.status, refused.body.error]).toEqual([409, { code: 'REPORT_ALREADY_SUBMITTED', message: 'Report già inviato' }]);
    const recorded = await classify('support');
    expect([recorded.status, recorded.body.detected_stop_id]).toEqual([201, across]);
    expect(await unclassified()).toEqual([
      [before, false],
      [running, true],
    ]);
  });

  it('refuses bad values with 400 naming each field; the stream is unchanged', async () => {
    const k = key('2031-06-08', 'A');
    await save('frontline', { ...k, notes: 'prima' });
    const before = await c.stream('2031-06-08', 'A');
    const cases: Array<[Record<string, unknown>, string[]]> = [
      [{ production_volume: -1, waste: -2, working_time: -0.5 }, ['production_volume', 'waste', 'working_time']],
      [{ working_time: 8.5 }, ['working_time']],
      [{ machine_notes: Array.from({ length: 11 }, () => ({ Nota: 'x' })) }, ['machine_notes']],
      [{ machine_notes: [{ Macchina: 'x', Problema: 'y' }] }, ['machine_notes']],
      [{ notes: 'x'.repeat(5001) }, ['notes']],
      [{ production_volume: 'molti', machine_notes: 'non json', notes: 12 }, ['machine_notes', 'notes', 'production_volume']],
      [{ day: '2031-02-30', revision: 'ultima' }, ['day', 'revision']],
      [{ machine_notes: [['Macchina']] }, ['machine_notes.0']],
    ];
    for (const [over, fields] of cases) {
      for (const call of [save, submit]) {
        const r = await call('frontline', { ...payload(k), ...over });
        expect([over, r.status, fieldsOf(r)]).toEqual([over, 400, fields]);
      }
    }
    const saveMissingKey = await save('frontline', { notes: 'x' });
    expect([saveMissingKey.body.error.code, fieldsOf(saveMissingKey)]).toEqual(['VALIDATION_FAILED', ['day', 'line_name', 'shift_code']]);
    expect(await c.stream('2031-06-08', 'A')).toEqual(before);
  });

  it('answers 404 for an unknown line (read and write) and an unknown shift (write); an unknown shift reads as empty', async () => {
    expect((await c.get('frontline', key(TODAY, 'A', 'Linea 9'))).status).toBe(404);
    expect((await save('frontline', payload({ line_name: 'Linea 9' }))).body.error).toEqual({ code: 'NOT_FOUND', message: 'Linea non trovata' });
    for (const k of [key(TODAY, 'Z'), key('2031-01-01', 'A')]) {
      const r = await submit('frontline', payload(k));
      expect([r.status, r.body.error.message]).toEqual([404, 'Turno non trovato']);
      expect(await c.stream(k.day, k.shift_code)).toEqual([]);
    }
    expect((await c.get('frontline', key(TODAY, 'Z'))).body).toMatchObject({ confirmed: false, revision: -1 });
    const bad = await c.get('frontline', { day: 'ieri', line_name: 'Linea 1' });
    expect([bad.status, fieldsOf(bad)]).toEqual([400, ['day', 'shift_code']]);
  });

  it('enforces the roles: write for frontline/demoit/demoen/admin, amend for support/demoit/demoen/admin, read for all', async () => {
    expect((await save('support', payload(key('2031-06-07', 'A')))).status).toBe(403);
    expect((await submit('support', payload(key('2031-06-07', 'A')))).body.error.code).toBe('FORBIDDEN');
    expect((await update('frontline', payload(key('2031-06-07', 'A')))).status).toBe(403);
    expect(await c.stream('2031-06-07', 'A')).toEqual([]);
    for (const [i, role] of ['demoit', 'demoen', 'admin'].entries()) {
      const line = `Linea ${i + 1}`;
      expect([role, (await save(role, payload(key('2031-06-07', 'B', line)))).status]).toEqual([role, 200]);
      expect([role, (await submit(role, payload(key('2031-06-07', 'B', line)))).status]).toEqual([role, 200]);
      expect([role, (await update(role, { ...payload(key('2031-06-07', 'C', line)) })).status]).toEqual([role, 200]);
    }
    for (const role of ['frontline', 'support', 'demoit', 'demoen', 'admin']) expect((await c.get(role, key('2031-06-07', 'B'))).status).toBe(200);
  });

  it('shows the improvement role only confirmed reports (and any role asking confirmed_only=true)', async () => {
    const k = key('2031-06-06', 'A', 'Linea 2');
    await save('frontline', payload(k));
    const hidden = await c.get('support', k);
    expect(hidden.body).toMatchObject({ notes: null, machine_notes: [], production_volume: null, confirmed: false, revision: 0, updated_by: null });
    expect((await c.get('demoit', { ...k, confirmed_only: 'true' })).body.notes).toBeNull();
    expect((await c.get('demoit', { ...k, confirmed_only: 'false' })).body.notes).toBe('Turno regolare');
    await submit('frontline', payload(k));
    expect((await c.get('support', k)).body).toMatchObject({ notes: 'Turno regolare', confirmed: true, revision: 1, updated_by: 'frontline' });
    expect((await c.get('support', { ...k, confirmed_only: 'maybe' })).status).toBe(400);
  });

  it('lets the improvement role amend a confirmed report, or create one where none is confirmed', async () => {
    const k = key('2031-06-05', 'A', 'Linea 2');
    await submit('frontline', payload(k));
    const stale = await update('support', payload({ ...k, notes: 'rivisto' }));
    expect([stale.status, stale.body.error.code]).toEqual([409, 'CONCURRENT_MODIFICATION']);
    const amended = await update('support', payload({ ...k, notes: 'rivisto', revision: 0 }));
    expect(amended.body).toMatchObject({ notes: 'rivisto', confirmed: true, revision: 1, created: false, updated_by: 'support' });
    expect((await update('support', payload({ ...k, notes: 'rivisto ancora' }))).body).toMatchObject({ revision: 2, created: false });
    expect(await c.stream('2031-06-05', 'A', 2)).toEqual(['ShiftReportSubmitted', 'ShiftReportAmended', 'ShiftReportAmended']);

    const fresh = await update('support', payload(key('2031-06-05', 'B', 'Linea 2')));
    expect(fresh.body).toMatchObject({ confirmed: true, revision: 0, created: true });
    expect((await save('frontline', payload(key('2031-06-05', 'B', 'Linea 2')))).status).toBe(409);

    const d = key('2031-06-05', 'C', 'Linea 2');
    await save('frontline', { ...d, notes: 'bozza operatore' });
    expect((await update('support', payload(d))).status).toBe(409);
    const over = await update('support', payload({ ...d, revision: (await c.get('support', d)).body.revision }));
    expect(over.body).toMatchObject({ confirmed: true, created: true, revision: 1 });

    const incomplete = await update('support', { ...k, notes: 'x', revision: 2 });
    expect([incomplete.status, incomplete.body.error.code, fieldsOf(incomplete)]).toEqual([
      400,
      'INCOMPLETE_REPORT',
      ['machine_notes', 'production_volume', 'waste', 'working_time'],
    ]);
    expect(await c.stream('2031-06-05', 'A', 2)).toHaveLength(3);
  });
});
